import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { Dialect } from '../../src/db/dialect.js';
import type { Context } from '../../src/context.js';
import { createRuntime, type Runtime } from '../../src/runtime.js';
import type { AccountRow } from '../../src/db/accounts.js';
import { createAccount } from '../../src/identity/accounts.js';
import { createKey } from '../../src/identity/keys.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { deliver, drained, smtpPort, stopMail, type Delivered } from './mail.js';

/** PostgreSQL for tests: the `test` database on the local server unless TEST_DATABASE_URL says otherwise. */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Storage-touching suites run once per dialect. TEST_DIALECTS=sqlite narrows it for a quick local run. */
export const DIALECTS: Dialect[] = (process.env.TEST_DIALECTS?.split(',') as Dialect[] | undefined) ?? ['sqlite', 'postgres'];

export function tempDir(prefix = 'ephemail-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testConfig(env: Record<string, string> = {}): Config {
  // Overload protection off: a loaded test machine must not turn assertions into 503s (test/api/system/operations.test.ts tests it).
  // DNS_SERVERS: loopback only, and PASSWORD_HASH_COST: the suite's (see vitest.config.ts).
  const suite = process.env.PASSWORD_HASH_COST ? { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST } : {};
  return loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: tempDir(), MAIL_DOMAINS: 'ephemail.test,mail.ephemail.test', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', DNS_SERVERS: process.env.DNS_SERVERS ?? '127.0.0.1:9', ...suite, ...env });
}

/** A fresh, empty, migrated store: a new SQLite file, or a new PostgreSQL schema dropped again on close. */
export async function openTestDatabase(dialect: Dialect): Promise<Database> {
  if (dialect === 'sqlite') {
    return openDatabase({ databaseUrl: null, dataDir: tempDir() });
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase({ databaseUrl: TEST_PG_URL, dataDir: '', pgSchema: schema });
  const close = database.close.bind(database);
  return {
    ...database,
    async close() {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
      await close();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** The service's context (store, feed, config…), as handlers and workers see it. */
  context: Context;
  runtime: Runtime;
  /** openapi.yaml as the app serves it. */
  spec: Runtime['spec'];
  account: AccountRow;
  toolsKey: string;
  developerKey: string;
  /** Sends a message over real SMTP into this app's store (test/helpers/mail.ts). */
  deliver(mail: Mail.Options): Promise<Delivered>;
  /** The port of this app's SMTP listener, for tests that speak SMTP line by line (test/helpers/smtp-dialog.ts). */
  smtpPort(): Promise<number>;
  /** Resolves once everything this app's SMTP listener acknowledged is stored (the intake queue drained). */
  drained(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the app in-process (use `app.inject`) on a fresh store with a developer-plan account and both keys. */
export interface TestAppOptions {
  dialect?: Dialect;
  env?: Record<string, string>;
  context?: Partial<Context>;
}

export async function makeTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = await openTestDatabase(options.dialect ?? 'sqlite');
  const runtime = await createRuntime(config, { context: { database, ...options.context }, logger: false, workers: false });
  const { app, context } = runtime;
  const account = await createAccount(database.db, `dev-${randomBytes(4).toString('hex')}@example.com`, 'developer');
  const toolsKey = (await createKey(database.db, account, 'tools')).key;
  const developerKey = (await createKey(database.db, account, 'developer')).key;
  await app.ready();
  return {
    app,
    context,
    runtime,
    spec: runtime.spec,
    account,
    toolsKey,
    developerKey,
    deliver: (mail) => deliver({ config, db: database.db }, mail),
    smtpPort: () => smtpPort({ config, db: database.db }),
    drained: () => drained({ config, db: database.db }),
    async close() {
      await stopMail(database.db);
      await runtime.stop();
    },
  };
}
