import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { signUpBrowser } from '../../../helpers/dashboard.js';

const AGE = '/api/tools/age-calculator?birthDate=1990-05-15';

describe.each(DIALECTS)('getUsage (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { RATE_LIMIT_TOOLS: '3', RATE_LIMIT_LOGIN_IP: '1000' } });
  });
  afterAll(() => t?.close());

  it('reports each keyed request per day, key and operation, with 429s as rate_limited, at once', async () => {
    const b = await signUpBrowser(t.app);
    const a = (await b.call('POST', '/api/dashboard/keys', { kind: 'tools', name: 'A' })).json();
    const c = (await b.call('POST', '/api/dashboard/keys', { kind: 'tools', name: 'C' })).json();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.app.inject({ url: AGE, headers: { 'x-api-key': a.key } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await t.app.inject({ url: '/api/tools/qr-code?text=hi&size=5000', headers: { 'x-api-key': c.key } })).statusCode).toBe(400);
    await t.app.inject({ method: 'POST', url: '/api/tools/email-validator', headers: { 'x-api-key': c.key }, payload: { email: 'a@example.com' } });
    // Not counted: no key, a bad key, dashboard calls.
    await t.app.inject({ url: AGE });
    await t.app.inject({ url: AGE, headers: { 'x-api-key': 'eph_tools_' + 'x'.repeat(40) } });

    const res = await b.call('GET', '/api/dashboard/usage');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(report.days).toHaveLength(30);
    expect(report.to).toBe(today);
    expect(report.days[29]).toBe(today);
    expect(report.from).toBe(report.days[0]);
    expect(report.rows).toEqual([
      { day: today, key_id: a.api_key.id, operation_id: 'calculateAge', requests: 5, rate_limited: 2 },
      { day: today, key_id: c.api_key.id, operation_id: 'generateQrCode', requests: 1, rate_limited: 0 },
      { day: today, key_id: c.api_key.id, operation_id: 'validateEmailFromJson', requests: 1, rate_limited: 0 },
    ].sort((x, y) => x.key_id.localeCompare(y.key_id) || x.operation_id.localeCompare(y.operation_id)));
    expect(report.totals).toEqual({ requests: 7, rate_limited: 2 });
    expect(report.keys.map((k: { name: string }) => k.name).sort()).toEqual(['A', 'C']);
    expect(report.endpoints).toContainEqual({ operation_id: 'calculateAge', method: 'GET', path: '/api/tools/age-calculator' });
    expect(report.endpoints).toContainEqual({ operation_id: 'validateEmailFromJson', method: 'POST', path: '/api/tools/email-validator' });

    // Another account sees none of it.
    const other = await signUpBrowser(t.app);
    expect((await other.call('GET', '/api/dashboard/usage?days=7')).json()).toMatchObject({ rows: [], keys: [], endpoints: [], totals: { requests: 0, rate_limited: 0 } });
    expect((await other.call('GET', '/api/dashboard/usage?days=7')).json().days).toHaveLength(7);
    expect((await other.call('GET', '/api/dashboard/usage?days=91')).statusCode).toBe(400);
  });

  it('counts Developer API calls the same way', async () => {
    await t.app.inject({ url: '/api/v1/email', headers: { authorization: `Bearer ${t.developerKey}` } });
    await t.app.inject({ url: '/api/v1/email', headers: { authorization: `Bearer ${t.developerKey}` } });
    await t.context.usage.flush();
    const rows = await t.context.database.db.selectFrom('usage_daily').selectAll().where('operation_id', '=', 'listAddresses').execute();
    expect(rows.map((r) => Number(r.requests))).toEqual([2]);
  });
});
