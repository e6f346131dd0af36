import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../../../src/runtime.js';
import { makeTestApp, testConfig, type TestApp } from '../../helpers/app.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two instances on one store and one Redis share each key's window, as several stateless servers would. */
describe('rate limits shared through REDIS_URL', () => {
  let first: TestApp;
  let runtime: Runtime;
  let second: Runtime['app'];
  beforeAll(async () => {
    // A fresh window per run: the key id is new, so earlier runs' counters in Redis do not matter.
    const env = { REDIS_URL, RATE_LIMIT_TOOLS: '4', RATE_LIMIT_WINDOW_SECONDS: '60', MAIL_DOMAINS: `r${randomBytes(3).toString('hex')}.test` };
    first = await makeTestApp({ env });
    runtime = await createRuntime(testConfig(env), { context: { database: first.context.database }, logger: false, workers: false });
    second = runtime.app;
    await second.ready();
  });
  afterAll(async () => {
    await runtime?.stop().catch(() => undefined);
    await first?.close().catch(() => undefined);
  });

  it('counts requests to either instance against the same limit', async () => {
    const url = '/api/tools/age-calculator?birthDate=2000-01-01&referenceDate=2020-01-01';
    const headers = { 'x-api-key': first.toolsKey };
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      // Alternating instances and routes of the Tools group: one allowance per key and group.
      const res = await (i % 2 === 0 ? first.app : second).inject(i % 3 === 1 ? { url: '/api/tools/qr-code?text=hi', headers } : { url, headers });
      statuses.push(res.statusCode);
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(remaining).toEqual(['3', '2', '1', '0', '0']);
  });
});
