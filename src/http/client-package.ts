import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../platform/project-root.js';

/** generated/client/: the @ephemail/client package `npm run gen` builds from the spec and client/index.ts. */
export const CLIENT_PACKAGE_DIR = path.join(PROJECT_ROOT, 'generated/client');

export interface PackedClient {
  tarball: Buffer;
  etag: string;
  version: string;
}

let packed: Promise<PackedClient> | undefined;

/** The client package as `npm pack` makes it, built once per process (npm is there wherever `npm start` ran). */
export function packClient(dir = CLIENT_PACKAGE_DIR): Promise<PackedClient> {
  packed ??= (async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'ephemail-client-'));
    try {
      const { stdout } = await promisify(execFile)('npm', ['pack', dir, '--pack-destination', out, '--json', '--ignore-scripts', '--silent'], {
        timeout: 60_000,
      });
      const [info] = JSON.parse(stdout) as Array<{ filename: string; version: string }>;
      const tarball = await fs.readFile(path.join(out, info.filename));
      return { tarball, version: info.version, etag: `"${createHash('sha256').update(tarball).digest('base64url').slice(0, 27)}"` };
    } finally {
      await fs.rm(out, { recursive: true, force: true });
    }
  })();
  // A failed pack is tried again at the next request.
  packed.catch(() => (packed = undefined));
  return packed;
}
