import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogSync } from '../../../src/db/log-sync.js';

/** The files this process holds open whose path is `file` (Linux: /proc/self/fd), deleted ones marked so. */
const heldOpen = (file: string) =>
  fs.readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      return target === file || target === `${file} (deleted)` ? [target] : [];
    } catch {
      return []; // closed meanwhile (the readdir's own descriptor)
    }
  });

describe('LogSync: syncing a log file off the event loop', () => {
  const dirs: string[] = [];
  const newFile = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-log-sync-'));
    dirs.push(dir);
    const file = path.join(dir, 'store.db-wal');
    fs.writeFileSync(file, 'frames');
    return file;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers each caller once the file is synced, sharing a sync among the callers that come while one runs', async () => {
    const log = new LogSync(newFile());
    await log.sync();
    expect(log.synced).toBe(1);
    // Ten at once: the first starts a sync, the nine that come while it runs share the one after it.
    await Promise.all(Array.from({ length: 10 }, () => log.sync()));
    expect(log.synced).toBe(3);
    await log.close();
  });

  it.runIf(process.platform === 'linux')('opens the file anew when it was removed, and lets it go on close', async () => {
    const file = newFile();
    const log = new LogSync(file);
    await log.sync();
    expect(heldOpen(file)).toEqual([file]);
    // SQLite removes the log when its last connection closes, and a new connection makes a new one.
    fs.rmSync(file);
    fs.writeFileSync(file, 'new frames');
    expect(heldOpen(file)).toEqual([`${file} (deleted)`]);
    await log.sync();
    expect(heldOpen(file)).toEqual([file]);
    await log.close();
    expect(heldOpen(file)).toEqual([]);
  });

  it('fails the callers, naming the file, when there is no file to sync', async () => {
    const file = path.join(path.dirname(newFile()), 'missing-wal');
    const log = new LogSync(file);
    await expect(log.sync()).rejects.toThrow(/ENOENT.*missing-wal/);
    expect(log.synced).toBe(0);
    await log.close();
  });
});
