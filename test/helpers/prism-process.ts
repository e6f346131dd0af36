import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, onFreePorts } from './probes.js';

/** Prism as a process of its own (no vitest imports: the suite's global setup starts the shared mock with it). */
const root = path.resolve(import.meta.dirname, '../..');
const PRISM = path.join(root, 'node_modules/.bin/prism');

export interface PrismHandle {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `prism mock openapi.yaml` or `prism proxy openapi.yaml <upstream> --errors` and waits until it listens; on a
 * port another process took after freePort() released it, again on a new one.
 */
export function startPrism(mode: 'mock' | 'proxy', upstream?: string): Promise<PrismHandle> {
  return onFreePorts(() => startPrismOnce(mode, upstream));
}

async function startPrismOnce(mode: 'mock' | 'proxy', upstream?: string): Promise<PrismHandle> {
  const port = await freePort();
  const args =
    mode === 'mock'
      ? ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', String(port)]
      : ['proxy', 'openapi.yaml', upstream!, '--errors', '--host', '127.0.0.1', '--port', String(port)];
  const child: ChildProcess = spawn(PRISM, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism ${mode} did not start:\n${out}`)), 45_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism ${mode} exited with ${code}:\n${out}`));
    });
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
