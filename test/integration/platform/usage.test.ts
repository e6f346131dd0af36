import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, tempDir, testConfig } from '../../helpers/app.js';
import type { Database } from '../../../src/db/database.js';
import { openDatabase } from '../../../src/db/database.js';
import { createRuntime } from '../../../src/runtime.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createKey } from '../../../src/identity/keys.js';
import { UsageRecorder, usageReport } from '../../../src/platform/usage.js';

describe.each(DIALECTS)('UsageRecorder (%s)', (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(() => database?.close());

  const countsOf = async (keyId: string) =>
    (await database.db.selectFrom('usage_daily').selectAll().where('key_id', '=', keyId).orderBy('day').orderBy('operation_id').execute()).map((r) => ({
      day: r.day,
      op: r.operation_id,
      requests: Number(r.requests),
      rate_limited: Number(r.rate_limited),
    }));

  it('adds batches to the existing rows (upsert) per key, UTC day and operation', async () => {
    const account = await createAccount(database.db, `u-${dialect}-1@example.com`);
    const { view } = await createKey(database.db, account, 'tools');
    const recorder = new UsageRecorder(database.db);
    const day1 = new Date('2026-11-20T23:59:59.000Z');
    const day2 = new Date('2026-11-21T00:00:00.000Z');
    recorder.record(view.id, 'calculateAge', false, day1);
    recorder.record(view.id, 'calculateAge', true, day1);
    recorder.record(view.id, 'calculateAge', false, day2);
    recorder.record(view.id, 'generateQrCode', false, day2);
    expect(recorder.pendingRows).toBe(3);
    await recorder.flush();
    expect(recorder.pendingRows).toBe(0);
    for (let i = 0; i < 4; i++) recorder.record(view.id, 'calculateAge', i === 0, day2);
    // A late record of the day before still counts for that day (the recorder keeps the current day's range).
    recorder.record(view.id, 'calculateAge', false, day1);
    await Promise.all([recorder.flush(), recorder.flush()]);
    expect(await countsOf(view.id)).toEqual([
      { day: '2026-11-20', op: 'calculateAge', requests: 3, rate_limited: 1 },
      { day: '2026-11-21', op: 'calculateAge', requests: 5, rate_limited: 1 },
      { day: '2026-11-21', op: 'generateQrCode', requests: 1, rate_limited: 0 },
    ]);
  });

  it('keeps the counts of a failed write for the next flush', async () => {
    const account = await createAccount(database.db, `u-${dialect}-2@example.com`);
    const { view } = await createKey(database.db, account, 'tools');
    // The same store, but every query fails while `down` is set: a database that stopped answering for a while.
    let down = true;
    const flaky = database.db.withPlugin({
      transformQuery: (args) => {
        if (down) throw new Error('connection lost');
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const recorder = new UsageRecorder(flaky);
    const errors: unknown[] = [];
    recorder.start((err) => errors.push(err));
    recorder.record(view.id, 'calculateAge', false);
    await recorder.flush();
    expect(errors).toHaveLength(1);
    expect(recorder.pendingRows).toBe(1);
    recorder.record(view.id, 'calculateAge', true);
    down = false;
    await recorder.stop();
    expect(recorder.pendingRows).toBe(0);
    expect((await countsOf(view.id)).map((r) => [r.requests, r.rate_limited])).toEqual([[2, 1]]);
  });

  it('drops counts of keys that no longer exist instead of retrying them forever', async () => {
    const account = await createAccount(database.db, `u-${dialect}-4@example.com`);
    const { view } = await createKey(database.db, account, 'tools');
    const recorder = new UsageRecorder(database.db);
    const errors: unknown[] = [];
    recorder.start((err) => errors.push(err));
    const ghost = 'key_ffffffffffffffffffffffffffffffff';
    recorder.record(ghost, 'calculateAge', false);
    recorder.record(view.id, 'calculateAge', false);
    // The foreign key refuses the batch; the ghost's count is dropped, the live key's is kept and written next time.
    await recorder.flush();
    expect(errors).toHaveLength(1);
    expect(recorder.pendingRows).toBe(1);
    await recorder.stop();
    expect(errors).toHaveLength(1);
    expect((await countsOf(view.id)).map((r) => r.requests)).toEqual([1]);
    expect(await countsOf(ghost)).toEqual([]);
  });

  it('reports a range of days with keys and endpoints described', async () => {
    const account = await createAccount(database.db, `u-${dialect}-3@example.com`);
    const { view } = await createKey(database.db, account, 'tools', 'reporting');
    const recorder = new UsageRecorder(database.db);
    const now = new Date('2026-11-21T12:00:00.000Z');
    recorder.record(view.id, 'calculateAge', false, new Date('2026-11-21T01:00:00.000Z'));
    recorder.record(view.id, 'calculateAge', false, new Date('2026-11-15T01:00:00.000Z'));
    recorder.record(view.id, 'removedOperation', false, new Date('2026-11-19T01:00:00.000Z'));
    // Outside a 3-day window.
    recorder.record(view.id, 'calculateAge', false, new Date('2026-11-18T23:00:00.000Z'));
    await recorder.flush();
    const report = await usageReport(database.db, account.id, 3, [{ operationId: 'calculateAge', method: 'GET', path: '/api/tools/age-calculator' }], now);
    expect(report.days).toEqual(['2026-11-19', '2026-11-20', '2026-11-21']);
    expect(report.rows.map((r) => `${r.day} ${r.operation_id} ${r.requests}`)).toEqual(['2026-11-19 removedOperation 1', '2026-11-21 calculateAge 1']);
    expect(report.endpoints).toEqual([
      { operation_id: 'calculateAge', method: 'GET', path: '/api/tools/age-calculator' },
      { operation_id: 'removedOperation', method: '', path: '' },
    ]);
    expect(report.keys).toEqual([{ id: view.id, name: 'reporting', kind: 'tools', prefix: view.prefix, revoked_at: null }]);
    expect(report.totals).toEqual({ requests: 2, rate_limited: 0 });
  });
});

describe('usage recording in the app', () => {
  it('writes the counts still pending when the app closes', async () => {
    const dataDir = tempDir();
    const config = testConfig({ DATA_DIR: dataDir });
    const database = await openDatabase({ databaseUrl: null, dataDir });
    const runtime = await createRuntime(config, { context: { database, usage: new UsageRecorder(database.db, { intervalMs: 3_600_000 }) }, logger: false, workers: false });
    const { app, context } = runtime;
    const account = await createAccount(database.db, 'closing@example.com');
    const { key, view } = await createKey(database.db, account, 'tools');
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/api/tools/age-calculator?birthDate=2000-01-01', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    expect(context.usage instanceof UsageRecorder && context.usage.pendingRows).toBe(1);
    await runtime.stop();

    const reopened = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const rows = await reopened.db.selectFrom('usage_daily').selectAll().where('key_id', '=', view.id).execute();
      expect(rows.map((r) => [r.operation_id, r.requests])).toEqual([['calculateAge', 3]]);
    } finally {
      await reopened.close();
    }
  });
});
