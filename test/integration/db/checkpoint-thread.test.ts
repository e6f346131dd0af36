import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SQLite } from '../../../src/db/sqlite-driver.js';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database.js';
import { EVENT_LOOP_CHECKPOINT_PAGES } from '../../../src/db/checkpointer.js';

/** SQLite's checkpoints on a thread of their own (SQLITE_CHECKPOINT_THREAD, src/db/checkpointer.ts). */
describe('SQLite checkpoint thread', () => {
  const dirs: string[] = [];
  const open = async (thread: boolean): Promise<{ database: Database; file: string }> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-checkpoint-'));
    dirs.push(dataDir);
    const database = await openDatabase({ databaseUrl: null, dataDir, sqliteCheckpointThread: thread, onCheckpointError: (m) => console.error('CKPT', m) });
    return { database, file: path.join(dataDir, 'ephemail.db') };
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
  const autocheckpoint = async (database: Database) => (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db)).rows[0]?.wal_autocheckpoint;
  /** About 12 MiB in one commit: 3 000 pages of 4 KiB, fewer than the event loop's connection checkpoints at. */
  const bigCommit = async (database: Database) => {
    await sql`create table probe (id integer primary key, body blob)`.execute(database.db);
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3000; i++) await sql`insert into probe (body) values (${Buffer.alloc(4000, i % 251)})`.execute(trx);
    });
  };

  it('copies a commit into the database file with no further commit on the event loop, which checkpoints only past its higher limit', async () => {
    const { database, file } = await open(true);
    expect(await autocheckpoint(database)).toBe(EVENT_LOOP_CHECKPOINT_PAGES);
    const before = size(file);
    await bigCommit(database);
    expect(size(`${file}-wal`)).toBeGreaterThan(12_000_000);
    // Nothing commits on this connection from here on: only the thread can copy the log into the file.
    const deadline = Date.now() + 10_000;
    while (size(file) < before + 12_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(size(file)).toBeGreaterThan(before + 12_000_000);
    await database.close();
  });

  it('ends with the store: closing leaves no log behind (the thread\'s connection closed first) and every row readable', async () => {
    const { database, file } = await open(true);
    await bigCommit(database);
    await database.close();
    // SQLite removes the log when its last connection closes; a connection left open on the thread would keep it.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const reader = new SQLite(file, { readonly: true });
    expect((reader.prepare('select count(*) as n from probe').get() as { n: number }).n).toBe(3000);
    reader.close();
  });

  it('lets a program whose last work is closing the store await it: the close resolves and the process exits 0', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-checkpoint-'));
    dirs.push(dataDir);
    const script = path.join(dataDir, 'close-last.mts');
    const database = new URL('../../../src/db/database.ts', import.meta.url).href;
    fs.writeFileSync(
      script,
      `const { openDatabase } = await import(${JSON.stringify(database)});
const store = await openDatabase({ databaseUrl: null, dataDir: ${JSON.stringify(dataDir)}, sqliteCheckpointThread: true });
await store.close();
console.log('closed');`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), encoding: 'utf8', timeout: 60_000 });
    // Node ends a program whose top-level await never settles with status 13.
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 0, stdout: 'closed' });
  });

  it('is off with SQLITE_CHECKPOINT_THREAD=false: the connection keeps SQLite\'s own checkpoint every 1 000 pages', async () => {
    const { database } = await open(false);
    expect(await autocheckpoint(database)).toBe(1000);
    await database.close();
  });
});
