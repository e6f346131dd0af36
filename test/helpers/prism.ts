import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const PRISM = path.join(root, 'node_modules/.bin/prism');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface PrismHandle {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `prism mock openapi.yaml` or `prism proxy openapi.yaml <upstream> --errors` and waits until it listens. */
export async function startPrism(mode: 'mock' | 'proxy', upstream?: string): Promise<PrismHandle> {
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

/** Puts the real app on a loopback port and `prism proxy --errors` in front of it. */
export async function startProxyFor(app: FastifyInstance): Promise<PrismHandle> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return startPrism('proxy', `http://127.0.0.1:${port}`);
}

/** Prism's proxy reports every request or response that breaks openapi.yaml in `sl-violations`. */
export function expectConforms(response: Response): void {
  expect(response.headers.get('sl-violations'), `Prism violations on ${response.url}: ${response.headers.get('sl-violations')}`).toBeNull();
}
