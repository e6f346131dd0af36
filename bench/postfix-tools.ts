/**
 * Postfix's `smtp-source` (a load generator) and `smtp-sink` (an SMTP server that discards) for `npm run bench`,
 * taken from Debian's `postfix` package without installing it: `apt-get download postfix` and `dpkg -x` into
 * .bench/postfix, once. Nothing of Postfix is configured or started as a service.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const POSTFIX_DIR = path.join(root, '.bench/postfix');

export interface PostfixTools {
  smtpSource: string;
  smtpSink: string;
  /** The environment both need: their shared libraries live in the package's usr/lib/postfix. */
  env: NodeJS.ProcessEnv;
}

export function postfixTools(dir = POSTFIX_DIR): PostfixTools {
  const bin = (name: string) => path.join(dir, 'usr/sbin', name);
  if (!fs.existsSync(bin('smtp-source')) || !fs.existsSync(bin('smtp-sink'))) {
    const download = path.join(path.dirname(dir), 'deb');
    fs.mkdirSync(download, { recursive: true });
    // apt-get writes the .deb into its working directory. A machine whose package lists were never fetched knows
    // no postfix yet: fetch them once and try again.
    const get = () => execFileSync('apt-get', ['download', 'postfix'], { cwd: download, stdio: 'pipe', timeout: 120_000 });
    try {
      get();
    } catch {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'pipe', timeout: 300_000 });
      get();
    }
    const deb = fs.readdirSync(download).find((f) => /^postfix_.*\.deb$/.test(f));
    if (!deb) throw new Error(`apt-get download postfix left no postfix_*.deb in ${download}`);
    fs.mkdirSync(dir, { recursive: true });
    execFileSync('dpkg', ['-x', path.join(download, deb), dir], { stdio: 'pipe', timeout: 120_000 });
  }
  const libs = path.join(dir, 'usr/lib/postfix');
  return {
    smtpSource: bin('smtp-source'),
    smtpSink: bin('smtp-sink'),
    env: { ...process.env, LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') },
  };
}
