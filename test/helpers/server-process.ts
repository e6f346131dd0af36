import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { TEST_PG_URL, tempDir } from './app.js';
import { SUITE_BUNDLE } from './bundle.js';
import { answers, exited, freePort, greets, onFreePorts } from './probes.js';

export { exited };
import { openDatabase, type Database } from '../../src/db/database.js';
import type { Dialect } from '../../src/db/dialect.js';

const root = path.resolve(import.meta.dirname, '../..');

/** A real server process (the bundle `npm start` runs) and its ports. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  smtpPort: number;
  /** http://127.0.0.1:PORT */
  url: string;
  output(): string;
}

const children = new Set<ChildProcess>();

export interface StartOptions {
  /** The bundle to run (`node BUNDLE`, as `npm start` does): the suite's (test/helpers/bundle.ts) by default. */
  bundle?: string;
  /** The process's working directory (the repository by default). */
  cwd?: string;
  /** The HTTP path that must answer 2xx besides the SMTP greeting: /health by default. */
  readyPath?: string;
  /** How often readiness is probed (100 ms by default). */
  pollMs?: number;
}

/** The real server as its own process (node running the bundle, so SIGKILL hits the server itself, not a wrapper),
 * ready once its HTTP port answers /health and its SMTP port greets. */
export async function startServer(env: Record<string, string> | (() => Record<string, string>), opts: StartOptions = {}): Promise<ServerProcess> {
  // A test running alongside can take a port between freePort() and the server's listen: start it again elsewhere.
  // `env` as a function is read again for each try, for a test that needs a store the failed try has not touched
  // (the first start in an empty store prints the keys it creates, and only that start).
  return onFreePorts(() => startServerOnce(typeof env === 'function' ? env() : env, opts));
}

async function startServerOnce(env: Record<string, string>, opts: StartOptions): Promise<ServerProcess> {
  const [port, smtpPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [opts.bundle ?? SUITE_BUNDLE], {
    cwd: opts.cwd ?? root,
    env: { ...process.env, LOG_LEVEL: 'warn', BOOTSTRAP: 'false', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', ...env, PORT: String(port), SMTP_PORT: String(smtpPort), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start-up:\n${out}`);
    if ((await greets(smtpPort)) && (await answers(`${url}${opts.readyPath ?? '/health'}`))) return { child, port, smtpPort, url, output: () => out };
    if (Date.now() > deadline) throw new Error(`server did not start within 30 s:\n${out}`);
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 100));
  }
}

/** Ends every server process this file started (SIGKILL). */
export async function killAll(): Promise<void> {
  for (const child of children) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

/** Stops a server the way an operator does (SIGTERM) and waits for it to exit. */
export async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await exited(server.child);
}

export interface TestStore {
  /** DATA_DIR and DATABASE_URL for the server processes. */
  env: Record<string, string>;
  /** Opens the store from this process (a handle of its own). */
  open(): Promise<Database>;
  /** Drops the PostgreSQL database again. */
  drop(): Promise<void>;
}

/**
 * A store of its own for server processes: a new SQLite directory, or a new PostgreSQL database rather than a
 * schema — Kysely's migrator looks for its tables across every schema of a database, so a migrated schema kept alive
 * for a whole test would confuse other suites creating theirs meanwhile.
 */
export async function createStore(dialect: Dialect): Promise<TestStore> {
  const dataDir = tempDir('ephemail-proc-');
  if (dialect === 'sqlite') {
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: () => openDatabase({ databaseUrl: null, dataDir }), drop: async () => undefined };
  }
  const name = `ephemail_proc_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl, dataDir }),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_PG_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}
