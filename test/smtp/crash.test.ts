import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_PG_URL, tempDir, testConfig } from '../helpers/app.js';
import { freePort } from '../helpers/prism.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { Dialect } from '../../src/db/dialect.js';
import { createAccount } from '../../src/services/accounts.js';
import { createAddress } from '../../src/services/addresses.js';

const root = path.resolve(import.meta.dirname, '../..');
const BURST = 200;
const KILL_AFTER = 60;

interface Server {
  child: ChildProcess;
  smtpPort: number;
  output(): string;
}

const children = new Set<ChildProcess>();

/** The real entry point as its own process (node + tsx's loader, so SIGKILL hits the server itself, not a
 * wrapper), ready once its SMTP port greets. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const [port, smtpPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), SMTP_PORT: String(smtpPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BOOTSTRAP: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during start-up:\n${out}`);
    if (await greets(smtpPort)) return { child, smtpPort, output: () => out };
    if (Date.now() > deadline) throw new Error(`server did not open SMTP within 30 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(2000, () => socket.destroy());
    socket.once('data', (c: Buffer) => {
      socket.end('QUIT\r\n');
      resolve(c.toString().startsWith('220 '));
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/**
 * A store prepared before the server starts: one account and one address to deliver to. PostgreSQL gets a database
 * of its own rather than a schema: Kysely's migrator looks for its tables across every schema of a database, so a
 * migrated schema kept alive for the whole test would confuse other suites creating theirs meanwhile.
 */
async function prepareStore(dialect: Dialect, cleanups: Array<() => Promise<void>>): Promise<{ env: Record<string, string>; open(): Promise<Database>; addressId: string; address: string }> {
  const dataDir = tempDir('ephemail-crash-');
  let databaseUrl: string | null = null;
  if (dialect === 'postgres') {
    const name = `ephemail_crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    cleanups.push(async () => {
      const drop = new pg.Client({ connectionString: TEST_PG_URL });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`);
      await drop.end();
    });
    const url = new URL(TEST_PG_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const open = () => openDatabase({ databaseUrl, dataDir });
  const database = await open();
  try {
    const account = await createAccount(database.db, `crash-${dialect}@example.com`, 'developer');
    const row = await createAddress(database.db, testConfig({ MAIL_DOMAINS: 'ephemail.test' }), account.id, { prefix: 'crash', expires_in: 3600 });
    return {
      env: { DATA_DIR: dataDir, MAIL_DOMAINS: 'ephemail.test', DATABASE_URL: databaseUrl ?? '' },
      open,
      addressId: row.id,
      address: row.address,
    };
  } finally {
    await database.close();
  }
}

async function killAll(): Promise<void> {
  for (const child of children) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

afterAll(killAll);

describe.each(DIALECTS)('SMTP durability across kill -9 on %s', (dialect) => {
  it(`keeps every acknowledged message of a ${BURST}-message burst when the server is killed mid-burst`, async () => {
    const cleanups: Array<() => Promise<void>> = [];
    try {
      const store = await prepareStore(dialect, cleanups);
      const first = await startServer(store.env);
      const run = randomBytes(4).toString('hex');
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: first.smtpPort,
        secure: false,
        ignoreTLS: true,
        pool: true,
        maxConnections: 10,
        maxMessages: Infinity,
      });
      const acknowledged: string[] = [];
      const failed: string[] = [];
      const sends = Array.from({ length: BURST }, (_, i) => {
        const subject = `crash-${run}-${i}`;
        return transport
          .sendMail({ from: 'burst@example.com', to: store.address, subject, messageId: `<${subject}@crash.test>`, text: `message ${i}\n`.repeat(20) })
          .then(
            (info) => {
              expect(info.response).toMatch(/^250 /);
              acknowledged.push(subject);
              if (acknowledged.length === KILL_AFTER) first.child.kill('SIGKILL');
            },
            () => {
              failed.push(subject);
            },
          );
      });
      let settleTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(sends),
        new Promise((_, reject) => {
          settleTimer = setTimeout(() => reject(new Error(`deliveries did not settle: ${acknowledged.length} acknowledged, ${failed.length} failed`)), 40_000);
        }),
      ]).finally(() => clearTimeout(settleTimer));
      transport.close();
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');

      // The crash has to land mid-burst for the test to mean anything: some sends were cut off.
      expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(failed.length).toBeGreaterThan(0);
      expect(acknowledged.length + failed.length).toBe(BURST);

      // Restart on the same store: it must open (SQLite recovers its WAL) and still hold every acknowledged message.
      const second = await startServer(store.env);
      const database = await store.open();
      try {
        const rows = await database.db.selectFrom('messages').select('subject').where('address_id', '=', store.addressId).execute();
        const stored = rows.map((r) => r.subject ?? '');
        const missing = acknowledged.filter((s) => !stored.includes(s));
        console.info(
          `[crash ${dialect}] sent ${BURST}, acknowledged ${acknowledged.length}, cut off ${failed.length}, stored ${stored.length} ` +
            `(${stored.length - acknowledged.length} committed without their 250 reaching the client), missing ${missing.length}`,
        );
        expect(missing).toEqual([]);
        expect(new Set(stored).size).toBe(stored.length);
        expect(stored.every((s) => s.startsWith(`crash-${run}-`))).toBe(true);

        // And the restarted server takes new mail.
        const after = nodemailer.createTransport({ host: '127.0.0.1', port: second.smtpPort, secure: false, ignoreTLS: true });
        await after.sendMail({ from: 'burst@example.com', to: store.address, subject: `after-${run}`, text: 'x' });
        after.close();
        const again = await database.db.selectFrom('messages').select('id').where('subject', '=', `after-${run}`).execute();
        expect(again).toHaveLength(1);
      } finally {
        await database.close();
        second.child.kill('SIGTERM');
        await exited(second.child);
      }
    } finally {
      await killAll();
      for (const cleanup of cleanups) await cleanup();
    }
  }, 60_000);
});
