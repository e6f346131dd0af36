import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { makeTestApp, type TestApp, type TestAppOptions } from './app.js';
import { freePort, onFreePorts } from './probes.js';

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

export interface ContractSuites {
  /** Tests against `prism mock openapi.yaml`, which answers from the spec's examples. */
  mock?: (mock: () => PrismHandle) => void;
  /** Tests against a fresh app behind `prism proxy --errors`: any request or answer off the spec fails. */
  proxy?: (server: () => { t: TestApp; proxy: PrismHandle }) => void;
  /** Options for that app; it may start what the app needs (a DNS server, a receiver) and hand back its cleanup. */
  app?: () => Promise<{ options?: TestAppOptions; close?: () => Promise<void> }>;
}

/** The contract suites of one area of the API: Prism started before and stopped after, once, for every area. */
export function describeContract(area: string, suites: ContractSuites): void {
  if (suites.mock) {
    const tests = suites.mock;
    describe(`${area} contract: Prism mock`, () => {
      let mock: PrismHandle;
      beforeAll(async () => {
        mock = await startPrism('mock');
      });
      afterAll(() => mock?.stop());
      tests(() => mock);
    });
  }
  if (suites.proxy) {
    const tests = suites.proxy;
    describe(`${area} contract: real server behind prism proxy --errors`, () => {
      let t: TestApp;
      let proxy: PrismHandle;
      let close: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const setup = (await suites.app?.()) ?? {};
        close = setup.close;
        t = await makeTestApp(setup.options);
        proxy = await startProxyFor(t.app);
      });
      afterAll(async () => {
        await proxy?.stop();
        await t?.close();
        await close?.();
      });
      tests(() => ({ t, proxy }));
    });
  }
}
