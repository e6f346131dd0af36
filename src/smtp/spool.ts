import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

/** Messages up to this size are received in memory; a larger one goes to a file under DATA_DIR/spool as it arrives. */
export const SPOOL_THRESHOLD_BYTES = 1024 * 1024;
/** How many spooled messages are read back, parsed, checked and stored at the same time. */
export const LARGE_INGESTIONS = 2;

export interface Spool {
  /** Takes the next chunk; false when the file is behind (call `drained`). */
  write(chunk: Buffer): boolean;
  drained(resume: () => void): void;
  /** Whether the message went to disk. */
  readonly spooled: boolean;
  /** The whole message. */
  read(): Promise<Buffer>;
  /** Removes the file, if any. */
  discard(): Promise<void>;
}

/**
 * One message's DATA: chunks in memory until SPOOL_THRESHOLD_BYTES, then a file in `dir` (made on first use), so
 * the memory a message takes while it arrives is bounded whatever its size and however slowly it comes.
 */
export function createSpool(dir: string): Spool {
  let chunks: Buffer[] = [];
  let length = 0;
  let file: { path: string; out: fs.WriteStream; done: Promise<void> } | undefined;
  // Why the file could not be made or written (a full disk: ENOSPC). The rest of the message is then drained and
  // dropped, and read() rejects with it, so the sender gets an answer (src/smtp/server.ts) rather than a connection
  // waiting for a disk that will not drain.
  let failed: Error | undefined;

  const open = () => {
    const target = path.join(dir, `${randomUUID()}.eml`);
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (err) {
      failed = err as Error;
      return undefined;
    }
    const out = fs.createWriteStream(target, { flags: 'wx' });
    const done = new Promise<void>((resolve, reject) => {
      out.once('finish', resolve);
      out.once('error', (err) => {
        failed ??= err;
        reject(err);
      });
    });
    done.catch(() => undefined); // read() reports it
    for (const c of chunks) out.write(c);
    chunks = [];
    return { path: target, out, done };
  };

  return {
    write(chunk) {
      length += chunk.length;
      if (!file && length <= SPOOL_THRESHOLD_BYTES) {
        chunks.push(chunk);
        return true;
      }
      if (failed) return true;
      file ??= open();
      return file ? file.out.write(chunk) : true;
    },
    drained(resume) {
      const out = file?.out;
      if (!out || failed) return resume();
      const go = () => {
        out.off('drain', go);
        out.off('error', go);
        resume();
      };
      out.once('drain', go);
      out.once('error', go);
    },
    get spooled() {
      return file !== undefined;
    },
    async read() {
      if (failed) throw failed;
      if (!file) return Buffer.concat(chunks, length);
      file.out.end();
      await file.done;
      return fs.promises.readFile(file.path);
    },
    async discard() {
      chunks = [];
      if (!file) return;
      const { path: target, out } = file;
      file = undefined;
      out.destroy();
      await fs.promises.rm(target, { force: true });
    },
  };
}

/** Best effort: removes spool files older than `olderThanMs` (a crash's leftovers; other instances' are younger). */
export function removeStaleSpoolFiles(dir: string, olderThanMs: number, now = Date.now()): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > olderThanMs) fs.rmSync(file, { force: true });
    } catch {
      // Gone meanwhile, or not ours to remove: leave it.
    }
  }
}
