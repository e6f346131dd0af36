import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSpool, SPOOL_THRESHOLD_BYTES } from '../../../src/smtp/spool.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-spool-'));
const part = Buffer.alloc(Math.ceil(SPOOL_THRESHOLD_BYTES / 2) + 1, 'a');

describe('the SMTP data spool', () => {
  afterEach(() => void vi.restoreAllMocks());

  it('keeps a small message in memory, writes a large one to a file, and removes the file when done', async () => {
    const dir = tmp();
    const small = createSpool(dir);
    small.write(Buffer.from('hello'));
    expect(small.spooled).toBe(false);
    expect((await small.read()).toString()).toBe('hello');

    const large = createSpool(dir);
    for (let i = 0; i < 3; i++) large.write(part);
    expect(large.spooled).toBe(true);
    expect((await large.read()).equals(Buffer.concat([part, part, part]))).toBe(true);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    await large.discard();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('takes in and drops the rest of a large message whose file cannot be made, and says why when read', async () => {
    // A file where the spool's directory should be: mkdir fails at once, as it does on a full disk (ENOSPC).
    const blocked = path.join(tmp(), 'blocked');
    fs.writeFileSync(blocked, '');
    const spool = createSpool(path.join(blocked, 'spool'));
    for (let i = 0; i < 4; i++) expect(spool.write(part)).toBe(true);
    const resumed = vi.fn();
    spool.drained(resumed);
    expect(resumed).toHaveBeenCalledOnce();
    await expect(spool.read()).rejects.toMatchObject({ code: 'ENOTDIR' });
    await spool.discard();
  });

  it('resumes the sender and says why when writing the file fails (the disk full)', async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const failing = new Writable({ highWaterMark: 1, write: (_chunk, _enc, cb) => setImmediate(() => cb(full)) });
    vi.spyOn(fs, 'createWriteStream').mockReturnValue(failing as unknown as fs.WriteStream);
    const spool = createSpool(tmp());
    spool.write(part);
    // Past the threshold the file is behind (it has not written anything): the sender is paused until it drains.
    expect(spool.write(part)).toBe(false);
    const resumed = new Promise<void>((resolve) => spool.drained(resolve));
    await resumed;
    // The rest of the message is taken in and dropped; reading it gives the disk's error.
    expect(spool.write(part)).toBe(true);
    await expect(spool.read()).rejects.toBe(full);
    await spool.discard();
  });
});
