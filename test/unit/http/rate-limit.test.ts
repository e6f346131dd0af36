import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { createKey } from '../../../src/identity/keys.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_TOOLS: '3', RATE_LIMIT_VERIFY: '1' } });
});
afterAll(() => t.close());

const AGE = '/api/tools/age-calculator?birthDate=2000-01-01&referenceDate=2020-01-01';

describe('rate limits', () => {
  it('sends X-RateLimit-* on every keyed response, reset as Unix seconds, and 429 with Retry-After past the limit', async () => {
    const { key } = await createKey(t.context.database.db, t.account, 'tools');
    const now = Math.floor(Date.now() / 1000);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url: AGE, headers: { 'x-api-key': key } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      const reset = Number(res.headers['x-ratelimit-reset']);
      expect(reset).toBeGreaterThanOrEqual(now);
      expect(reset).toBeLessThanOrEqual(now + 61);
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await t.app.inject({ url: AGE, headers: { 'x-api-key': key } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('counts per key and group, across every route and method of the group', async () => {
    const { key } = await createKey(t.context.database.db, t.account, 'tools');
    const headers = { 'x-api-key': key };
    const calls = [
      () => t.app.inject({ url: AGE, headers }),
      () => t.app.inject({ method: 'POST', url: '/api/tools/age-calculator', headers, payload: { birthDate: '2000-01-01' } }),
      () => t.app.inject({ url: '/api/tools/qr-code?text=hi', headers }),
      () => t.app.inject({ method: 'POST', url: '/api/tools/email-validator', headers, payload: { email: 'a@example.com' } }),
    ];
    const statuses = [];
    for (const call of calls) statuses.push((await call()).statusCode);
    // Three Tools calls on three routes spend the limit of 3; the fourth, on a fourth route, is over it.
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts verify in its own group, declared by the spec (x-rate-limit-by)', async () => {
    const { key } = await createKey(t.context.database.db, t.account, 'tools');
    const headers = { 'x-api-key': key };
    const verify = (via: 'GET' | 'POST') =>
      via === 'GET'
        ? t.app.inject({ url: '/api/tools/email-validator?action=verify&email=someone@ephemail.test', headers })
        : t.app.inject({ method: 'POST', url: '/api/tools/email-validator', headers, payload: { action: 'verify', email: 'someone@ephemail.test' } });
    expect((await verify('GET')).statusCode).toBe(200);
    const second = await verify('POST'); // the verify limit (1) is spent, through the other route
    expect(second.statusCode).toBe(429);
    expect(second.headers['x-ratelimit-limit']).toBe('1');
    // The Tools group is untouched by verify calls.
    const tools = await t.app.inject({ url: AGE, headers });
    expect(tools.statusCode).toBe(200);
    expect(tools.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('counts per key: another key is not limited', async () => {
    const a = (await createKey(t.context.database.db, t.account, 'tools')).key;
    const b = (await createKey(t.context.database.db, t.account, 'tools')).key;
    for (let i = 0; i < 4; i++) await t.app.inject({ url: AGE, headers: { 'x-api-key': a } });
    const res = await t.app.inject({ url: AGE, headers: { 'x-api-key': b } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe('2');
  });

  it('gives verify its own, stricter bucket', async () => {
    const { key } = await createKey(t.context.database.db, t.account, 'tools');
    const verify = { method: 'POST' as const, url: '/api/tools/email-validator', headers: { 'x-api-key': key } };
    const first = await t.app.inject({ ...verify, payload: { action: 'verify', email: 'not-an-address' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('1');
    const second = await t.app.inject({ ...verify, payload: { action: 'verify', email: 'not-an-address' } });
    expect(second.statusCode).toBe(429);
    const validate = await t.app.inject({ ...verify, payload: { action: 'validate', email: 'a@example.com' } });
    expect(validate.statusCode).toBe(200);
    expect(validate.headers['x-ratelimit-limit']).toBe('3');
  });

  it('sends no rate-limit headers on unkeyed routes', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
