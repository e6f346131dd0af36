import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { makeTestApp, type TestApp, type TestAppOptions } from './app.js';
import { startPrism, type PrismHandle } from './prism-process.js';

export { startPrism, type PrismHandle };

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
  /** Tests against `prism mock openapi.yaml`, which answers from the spec's examples: one process for the whole run,
   * started by the suite's global setup (test/setup/prism.ts), since it keeps no state between requests. */
  mock?: (mock: () => PrismHandle) => void;
  /** Tests against a fresh app behind `prism proxy --errors`: any request or answer off the spec fails. */
  proxy?: (server: () => { t: TestApp; proxy: PrismHandle }) => void;
  /** Options for that app; it may start what the app needs (a DNS server, a receiver) and hand back its cleanup. */
  app?: () => Promise<{ options?: TestAppOptions; close?: () => Promise<void> }>;
}

/** The contract suites of one area of the API: the shared Prism mock, and a Prism proxy started before and stopped
 * after, once, for every area. */
export function describeContract(area: string, suites: ContractSuites): void {
  if (suites.mock) {
    const tests = suites.mock;
    describe(`${area} contract: Prism mock`, () => {
      const url = inject('prismMock');
      const mock: PrismHandle = { url, output: () => '', stop: async () => undefined };
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
