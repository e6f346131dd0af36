import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_PG_URL, openTestDatabase, tempDir, testConfig } from '../../helpers/app.js';
import { startReceiver, verify, type Receiver } from '../../helpers/webhook-receiver.js';
import type { Config } from '../../../src/config.js';
import { openDatabase, type Database } from '../../../src/db/database.js';
import type { Dialect } from '../../../src/db/dialect.js';
import { claimDelivery, deleteWebhookById } from '../../../src/db/webhooks.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { transactWithEvents } from '../../../src/db/events.js';
import { createAddress, deleteAddress } from '../../../src/mail/addresses.js';
import { eventRecord } from '../../../src/platform/events/contract.js';
import { ingestMessage } from '../../../src/mail/ingest/store.js';
import { enqueueFromLog, startWebhookEnqueuer } from '../../../src/webhooks/enqueuer.js';
import type { EventFeed } from '../../../src/platform/events/feed.js';
import { nextAttemptAt, RETRY_DELAYS_SECONDS } from '../../../src/webhooks/schedule.js';
import type { HostResolver } from '../../../src/webhooks/ssrf.js';
import {
  createWebhook,
  getWebhookView,
  listWebhookDeliveries,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
  type WebhookEventType,
} from '../../../src/webhooks/webhooks.js';
import { createWebhookWorker, type WorkerDeps } from '../../../src/webhooks/worker.js';
import { logSyncs } from '../../../src/db/sqlite-dialect.js';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const open = { allowPrivate: true, allowedNetworks: [] };

describe('retry schedule', () => {
  it('waits 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 h in all), ±20 %', () => {
    const waits = RETRY_DELAYS_SECONDS.map((_, i) => (nextAttemptAt(T0, i + 1, () => 0.5)!.getTime() - T0.getTime()) / 1000);
    expect(waits).toEqual([5, 60, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(waits.reduce((a, b) => a + b, 0) / 3600).toBeCloseTo(27.6, 1);
    expect(nextAttemptAt(T0, 9, () => 0.5)).toBeNull();
    expect(nextAttemptAt(T0, 4, () => 0)!.getTime() - T0.getTime()).toBe(1440_000);
    expect(nextAttemptAt(T0, 4, () => 0.999999)!.getTime() - T0.getTime()).toBeCloseTo(2160_000, -1);
  });
});

describe.each(DIALECTS)('webhook delivery on %s', (dialect) => {
  let config: Config;
  let database: Database;
  let receiver: Receiver;
  let accountId: string;
  const created: string[] = [];

  const worker = (extra: Partial<WorkerDeps> = {}) =>
    createWebhookWorker({ db: database.db, config, version: 'test', random: () => 0.5, ...extra });
  const hook = async (path: string, events: WebhookEventType[] = ['address.deleted'], extra: { address?: string; resolve?: HostResolver; url?: string } = {}) => {
    const { view, secret } = await createWebhook(
      database.db,
      { policy: open, resolve: extra.resolve },
      accountId,
      { url: extra.url ?? `${receiver.url}${path}`, events, ...(extra.address ? { address: extra.address } : {}) },
      T0,
    );
    created.push(view.id);
    return { id: view.id, secret };
  };
  const at$ = (path: string) => receiver.received.filter((r) => r.path === path);
  const log = async (webhookId: string) => (await listWebhookDeliveries(database.db, accountId, webhookId, { limit: 100, offset: 0 })).deliveries;

  beforeAll(async () => {
    config = testConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'https://mail.example.com/' });
    database = await openTestDatabase(dialect);
    accountId = (await createAccount(database.db, `hooks-${dialect}@example.com`, 'developer')).id;
    receiver = await startReceiver();
  });
  afterEach(async () => {
    receiver.respond(() => ({ status: 200, body: 'ok' }));
    for (const id of created.splice(0)) await deleteWebhookById(database.db, id);
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
  });

  it('turns domain events into deliveries that the standardwebhooks library verifies', async () => {
    const { id, secret } = await hook('/signed', ['message.received', 'address.created', 'address.deleted']);
    const address = await createAddress(database.db, config, accountId, { prefix: `signed+tag/${dialect}` });
    const raw = await new MailComposer({
      from: 'Shop <shop@example.com>',
      to: address.address,
      subject: 'Your code is 123456',
      text: 'hi',
      attachments: [{ filename: 'a.txt', content: 'abc' }],
    })
      .compile()
      .build();
    const [messageId] = await ingestMessage(database.db, raw, [{ addressId: address.id, accountId, address: address.address }]);
    // The enqueuer reads both events from the log (the address service and ingestion wrote them).
    expect((await enqueueFromLog(database.db, config.publicUrl)).deliveries).toBe(2);

    const w = worker();
    expect(await w.runOnce()).toEqual({ attempted: 2, succeeded: 2, failed: 0 });
    const got = at$('/signed');
    expect(got).toHaveLength(2);
    for (const r of got) {
      expect(r.method).toBe('POST');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['user-agent']).toBe('Ephemail-Webhooks/test');
      expect(r.headers['webhook-id']).toMatch(/^whd_[0-9a-f]{32}$/);
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    }
    const byType = Object.fromEntries(got.map((r) => [JSON.parse(r.body).type, r]));
    const encoded = `signed%2Btag%2F${dialect}@ephemail.test`;
    expect(verify(secret, byType['address.created'])).toEqual({
      type: 'address.created',
      timestamp: address.created_at,
      data: {
        address: address.address,
        expires_at: address.expires_at,
        links: { address: `https://mail.example.com/api/v1/email/${encoded}`, messages: `https://mail.example.com/api/v1/email/${encoded}/messages` },
      },
    });
    const received = verify(secret, byType['message.received']) as { timestamp: string; data: Record<string, any> };
    expect(received.data).toEqual({
      address: address.address,
      message: {
        id: messageId,
        from: { address: 'shop@example.com', name: 'Shop' },
        to: [{ address: address.address, name: '' }],
        cc: [],
        subject: 'Your code is 123456',
        size: raw.length,
        received_at: received.timestamp,
        read: false,
        attachments: [{ id: expect.stringMatching(/^att_/), filename: 'a.txt', content_type: 'text/plain', size: 3 }],
        // The webhook hands over the code read from the subject at ingestion.
        codes: ['123456'],
        links: [],
        authentication: null,
      },
      links: {
        message: `https://mail.example.com/api/v1/email/${encoded}/messages/${messageId}`,
        raw: `https://mail.example.com/api/v1/email/${encoded}/messages/${messageId}/raw`,
      },
    });
    // What a receiver must refuse: another secret, a changed body, a replayed old timestamp.
    const r = byType['message.received'];
    expect(() => verify(`whsec_${randomBytes(32).toString('base64')}`, r)).toThrow('No matching signature found');
    expect(() => verify(secret, { ...r, body: r.body.replace('123456', '654321') })).toThrow('No matching signature found');
    expect(() => verify(secret, { ...r, headers: { ...r.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) } })).toThrow(
      'Message timestamp too old',
    );
    expect((await log(id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('queues an event only for enabled webhooks that subscribe to it and whose address filter matches', async () => {
    const x = await createAddress(database.db, config, accountId, { prefix: `x-${dialect}` });
    const y = await createAddress(database.db, config, accountId, { prefix: `y-${dialect}` });
    const onlyX = await hook('/only-x', ['message.received'], { address: x.address });
    const deletions = await hook('/deletions', ['address.deleted']);
    const off = await hook('/off', ['message.received', 'address.deleted']);
    await updateWebhook(database.db, { policy: open }, accountId, off.id, { enabled: false });
    const stranger = (await createAccount(database.db, `stranger-${dialect}@example.com`, 'developer')).id;

    const queued = async () => (await enqueueFromLog(database.db, null)).deliveries;
    const mail = async (row: { id: string; address: string }) => {
      await ingestMessage(database.db, Buffer.from('Subject: hi\r\n\r\nhi\r\n'), [{ addressId: row.id, accountId, address: row.address }]);
      return queued();
    };
    await queued(); // the address.created events above: nobody subscribes
    expect(await mail(x)).toBe(1);
    expect(await mail(y)).toBe(0);
    // The same address name in another account's event is not ours.
    await transactWithEvents(database.db, async (_trx, emit) =>
      emit(eventRecord({ type: 'address.deleted', accountId: stranger, addressId: 'adr_x', address: x.address, at: T0.toISOString() })),
    );
    expect(await queued()).toBe(0);
    await deleteAddress(database.db, accountId, y.address, T0);
    expect(await queued()).toBe(1);

    expect((await log(onlyX.id)).map((d) => [d.event, (d.payload.data as { address: string }).address])).toEqual([['message.received', x.address]]);
    const [deleted] = await log(deletions.id);
    expect(deleted.payload).toEqual({ type: 'address.deleted', timestamp: T0.toISOString(), data: { address: y.address } });
    expect(await log(off.id)).toEqual([]);
  });

  it('queues a batch of events of several accounts and addresses as it queues them one by one', async () => {
    const x = await createAddress(database.db, config, accountId, { prefix: `bx-${dialect}` });
    const y = await createAddress(database.db, config, accountId, { prefix: `by-${dialect}` });
    const stranger = (await createAccount(database.db, `bstranger-${dialect}@example.com`, 'developer')).id;
    const z = await createAddress(database.db, config, stranger, { prefix: `bz-${dialect}` });
    const onlyX = await hook('/batch-only-x', ['message.received'], { address: x.address });
    const all = await hook('/batch-all', ['message.received', 'address.deleted']);
    await enqueueFromLog(database.db, null); // what came before: not this test's
    const mail = (row: { id: string; address: string }, account: string) =>
      ingestMessage(database.db, Buffer.from('Subject: hi\r\n\r\nhi\r\n'), [{ addressId: row.id, accountId: account, address: row.address }]);
    // Four events of two accounts, then one enqueue for all of them.
    await mail(x, accountId);
    await mail(z, stranger);
    await mail(y, accountId);
    await deleteAddress(database.db, accountId, y.address, T0);
    expect(await enqueueFromLog(database.db, null)).toMatchObject({ events: 4, deliveries: 4 });
    expect((await log(onlyX.id)).map((d) => (d.payload.data as { address: string }).address)).toEqual([x.address]);
    // (Queued in one instant: the delivery log's order among them is not the point.)
    expect((await log(all.id)).map((d) => [d.event, (d.payload.data as { address: string }).address]).sort()).toEqual(
      [
        ['message.received', x.address],
        ['message.received', y.address],
        ['address.deleted', y.address],
      ].sort(),
    );
  });

  it('queues without a disk sync of its own: the commit is relaxed (a synced one follows before anything is sent)', async () => {
    const x = await createAddress(database.db, config, accountId, { prefix: `relaxed-${dialect}` });
    const h = await hook('/relaxed', ['message.received']);
    await enqueueFromLog(database.db, null);
    await ingestMessage(database.db, Buffer.from('Subject: hi\r\n\r\nhi\r\n'), [{ addressId: x.id, accountId, address: x.address }]);
    // Every statement the enqueuer sends, as text (raw SQL and built queries alike).
    const sent: string[] = [];
    const spied = database.db.withPlugin({
      transformQuery: (args) => (sent.push(database.db.getExecutor().compileQuery(args.node, args.queryId).sql), args.node),
      transformResult: async (args) => args.result,
    });
    const syncsBefore = logSyncs(database.db);
    expect(await enqueueFromLog(spied, null)).toMatchObject({ events: 1, deliveries: 1 });
    const cursorMoved = sent.findIndex((q) => /update "event_cursors" set "position"/.test(q));
    expect(cursorMoved).toBeGreaterThan(-1);
    if (dialect === 'sqlite') {
      // SQLite: committed without a sync of its log (src/db/log-sync.ts), which every other commit waits for.
      expect(logSyncs(database.db)).toBe(syncsBefore);
    } else {
      // PostgreSQL: lowered for the transaction, sent with its BEGIN.
      const lowered = sent.indexOf('begin; set local synchronous_commit = off');
      expect(lowered).toBeGreaterThan(-1);
      expect(lowered).toBeLessThan(cursorMoved);
    }
    // Sending starts with a claim, which is an ordinary (synced) commit.
    expect(await worker().runOnce()).toMatchObject({ attempted: 1, succeeded: 1 });
    if (dialect === 'sqlite') expect(logSyncs(database.db)).toBeGreaterThan(syncsBefore!);
    expect(at$('/relaxed')).toHaveLength(1);
    expect((await log(h.id))[0].status).toBe('succeeded');
  });

  it('runs at once for a lone wake-up, and twice for a burst closer together than minIntervalMs', async () => {
    const x = await createAddress(database.db, config, accountId, { prefix: `burst-${dialect}` });
    const h = await hook('/burst', ['message.received']);
    await enqueueFromLog(database.db, null);
    // A run is one read of the cursor.
    let runs = 0;
    const counting = database.db.withPlugin({
      transformQuery: (args) => {
        const text = database.db.getExecutor().compileQuery(args.node, args.queryId).sql;
        if (/^select/i.test(text) && text.includes('event_cursors')) runs++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const wakes: Array<() => void> = [];
    const feed = { onAdvance: (fn: () => void) => (wakes.push(fn), () => undefined) } as unknown as EventFeed;
    const wakeUp = () => wakes.forEach((w) => w());
    const mail = () => ingestMessage(database.db, Buffer.from('Subject: burst\r\n\r\nhi\r\n'), [{ addressId: x.id, accountId, address: x.address }]);
    const queued = async () => (await log(h.id)).length;
    const until = async (done: () => Promise<boolean>) => {
      for (const deadline = Date.now() + 5000; !(await done()); ) {
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const enqueuer = startWebhookEnqueuer({ db: counting, feed, publicUrl: null, pollMs: 60_000, minIntervalMs: 300 });
    try {
      await until(async () => runs === 1); // the run at start
      await mail();
      await new Promise((r) => setTimeout(r, 350));
      const woke = performance.now();
      wakeUp();
      await until(async () => (await queued()) === 1);
      expect(performance.now() - woke).toBeLessThan(250);
      expect(runs).toBe(2);
      // Ten messages, then ten wake-ups at once: one run now, one at the end of the interval (for what a later
      // wake-up may have announced), not ten.
      for (let i = 0; i < 10; i++) await mail();
      await new Promise((r) => setTimeout(r, 350));
      for (let i = 0; i < 10; i++) wakeUp();
      await until(async () => (await queued()) === 11);
      expect(runs).toBe(3);
      await new Promise((r) => setTimeout(r, 450));
      expect(runs).toBe(4);
      expect(await queued()).toBe(11);
    } finally {
      await enqueuer.stop();
    }
  });

  it('retries a receiver answering 500 on the schedule, fails the delivery after the last attempt and disables the webhook', async () => {
    receiver.respond(() => ({ status: 500, body: 'boom' }));
    const { id } = await hook('/down');
    const { id: deliveryId } = await sendTestWebhook(database.db, accountId, id, T0);
    const w = worker();

    let elapsed = 0;
    expect(await w.runOnce(at(0))).toMatchObject({ attempted: 1, failed: 1 });
    expect((await getWebhookView(database.db, accountId, id)).failing_since).toBe(T0.toISOString());
    for (const wait of RETRY_DELAYS_SECONDS) {
      expect(await w.runOnce(at(elapsed + wait - 1)), `nothing is due ${wait - 1} s after attempt`).toMatchObject({ attempted: 0 });
      elapsed += wait;
      expect(await w.runOnce(at(elapsed))).toMatchObject({ attempted: 1, failed: 1 });
    }
    expect(at$('/down')).toHaveLength(9);
    expect(new Set(at$('/down').map((r) => r.headers['webhook-id']))).toEqual(new Set([deliveryId]));

    const [delivery] = await log(id);
    expect(delivery).toMatchObject({ status: 'failed', next_attempt_at: null, finished_at: at(elapsed).toISOString() });
    expect(delivery.attempts).toHaveLength(9);
    expect(delivery.attempts[8]).toEqual({
      attempt: 9,
      attempted_at: at(elapsed).toISOString(),
      status_code: 500,
      duration_ms: expect.any(Number),
      error: 'HTTP 500',
      response_excerpt: 'boom',
    });
    // Failing since T0 and now 27.6 h later: disabled, visibly.
    expect(await getWebhookView(database.db, accountId, id)).toMatchObject({
      enabled: false,
      disabled_reason: 'failing',
      disabled_at: at(elapsed).toISOString(),
      failing_since: T0.toISOString(),
    });
    expect(await w.runOnce(at(elapsed + 86_400))).toMatchObject({ attempted: 0 });
  });

  it('disables only after 24 hours of nothing but failures; one success starts the count again', async () => {
    const { id } = await hook('/flaky');
    const w = worker();
    const attemptAt = async (seconds: number, status: number) => {
      receiver.respond(() => ({ status }));
      await sendTestWebhook(database.db, accountId, id, at(seconds));
      // Earlier deliveries' retries may be due too; they meet the same answer.
      expect((await w.runOnce(at(seconds))).attempted).toBeGreaterThanOrEqual(1);
      return getWebhookView(database.db, accountId, id);
    };
    expect(await attemptAt(0, 503)).toMatchObject({ enabled: true, failing_since: at(0).toISOString() });
    expect(await attemptAt(20 * 3600, 204)).toMatchObject({ enabled: true, failing_since: null });
    expect(await attemptAt(21 * 3600, 404)).toMatchObject({ enabled: true, failing_since: at(21 * 3600).toISOString() });
    expect(await attemptAt(45 * 3600 - 1, 404)).toMatchObject({ enabled: true });
    expect(await attemptAt(45 * 3600, 404)).toMatchObject({ enabled: false, disabled_reason: 'failing' });
  });

  it('keeps the deliveries of a disabled webhook waiting and sends them once it is enabled', async () => {
    const { id } = await hook('/paused');
    await sendTestWebhook(database.db, accountId, id, T0);
    await updateWebhook(database.db, { policy: open }, accountId, id, { enabled: false }, T0);
    const w = worker();
    expect(await w.runOnce(at(60))).toMatchObject({ attempted: 0 });
    await updateWebhook(database.db, { policy: open }, accountId, id, { enabled: true }, at(120));
    expect(await w.runOnce(at(120))).toMatchObject({ attempted: 1, succeeded: 1 });
    expect(at$('/paused')).toHaveLength(1);
  });

  it('never uses up a delivery\'s retries by disabling and enabling its webhook', async () => {
    receiver.respond((r) => (r.path === '/toggled' ? { status: 503 } : { status: 200 }));
    const { id } = await hook('/toggled');
    const { id: deliveryId } = await sendTestWebhook(database.db, accountId, id, T0);
    const w = worker();
    expect(await w.runOnce(T0)).toMatchObject({ attempted: 1, failed: 1 });
    // Eight toggles, each followed by the attempt that enabling makes due, while the receiver still fails: with
    // nine attempts in a schedule, a delivery counting them would be failed by now.
    for (let i = 1; i <= 8; i++) {
      await updateWebhook(database.db, { policy: open }, accountId, id, { enabled: false }, at(i * 10));
      await updateWebhook(database.db, { policy: open }, accountId, id, { enabled: true }, at(i * 10 + 1));
      expect(await w.runOnce(at(i * 10 + 1))).toMatchObject({ attempted: 1, failed: 1 });
    }
    const [delivery] = await log(id);
    expect(delivery.id).toBe(deliveryId);
    expect(delivery.status).toBe('pending');
    expect(delivery.attempts).toHaveLength(9);
    // The retry schedule starts over from the last re-enable: the next attempt is the first retry's 5 s later.
    expect(delivery.next_attempt_at).toBe(at(81 + 5).toISOString());
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    receiver.respond((r) => (r.path === '/moved' ? { status: 302, headers: { location: `${receiver.url}/elsewhere` } } : { status: 200 }));
    const { id } = await hook('/moved');
    await sendTestWebhook(database.db, accountId, id, T0);
    expect(await worker().runOnce(T0)).toMatchObject({ attempted: 1, failed: 1 });
    expect(at$('/elsewhere')).toHaveLength(0);
    const [delivery] = await log(id);
    expect(delivery.status).toBe('pending');
    expect(delivery.attempts[0]).toMatchObject({ status_code: 302, error: `Redirect to ${receiver.url}/elsewhere not followed` });
    expect(delivery.next_attempt_at).toBe(at(5).toISOString());
  });

  it('gives up an attempt after WEBHOOK_TIMEOUT_MS', async () => {
    receiver.respond(() => 'hang');
    const { id } = await hook('/slow');
    await sendTestWebhook(database.db, accountId, id, T0);
    const w = worker({ config: { webhooks: { ...config.webhooks, timeoutMs: 300 } } });
    expect(await w.runOnce(T0)).toMatchObject({ attempted: 1, failed: 1 });
    const [delivery] = await log(id);
    expect(delivery.attempts[0]).toMatchObject({ status_code: null, error: 'No answer within 300 ms', response_excerpt: null });
    expect(delivery.status).toBe('pending');
  });

  it('refuses a private target at delivery time when private targets are not allowed', async () => {
    const { id } = await hook('/private');
    await sendTestWebhook(database.db, accountId, id, T0);
    const w = worker({ config: { webhooks: { ...config.webhooks, allowPrivate: false } } });
    expect(await w.runOnce(T0)).toMatchObject({ attempted: 1, failed: 1 });
    expect(at$('/private')).toHaveLength(0);
    const [delivery] = await log(id);
    expect(delivery.attempts[0]).toMatchObject({ status_code: null, error: expect.stringMatching(/^Target refused: 127\.0\.0\.1 is a loopback address/) });
  });

  it('connects to the address it checked, and checks again at every attempt (no DNS rebinding)', async () => {
    // The name exists only in these fake resolvers: the request can only reach the receiver through the pinned address.
    let answer = '93.184.216.34';
    const resolve: HostResolver = async () => [{ address: answer, family: 4 }];
    const url = `http://hooks.rebind.test:${receiver.port}/rebind`;
    const { id, secret } = await hook('/rebind', ['address.deleted'], { url, resolve });
    const w = worker({ resolve, config: { webhooks: { ...config.webhooks, allowPrivate: false, allowedNetworks: ['127.0.0.1/32'] } } });

    answer = '10.0.0.7';
    await sendTestWebhook(database.db, accountId, id, T0);
    expect(await w.runOnce(T0)).toMatchObject({ attempted: 1, failed: 1 });
    expect((await log(id))[0].attempts[0].error).toContain('hooks.rebind.test resolves to 10.0.0.7 is a private address');

    answer = '127.0.0.1';
    expect(await w.runOnce(at(5))).toMatchObject({ attempted: 1, succeeded: 1 });
    const [got] = at$('/rebind');
    expect(got.headers.host).toBe(`hooks.rebind.test:${receiver.port}`);
    expect(verify(secret, got)).toMatchObject({ type: 'webhook.test' });
  });

  it('signs with the new and the previous secret during the grace period after a rotation, then with the new one only', async () => {
    const { id, secret: old } = await hook('/rotated');
    const { secret: fresh } = await rotateWebhookSecret(database.db, accountId, id, 3600, T0);
    const w = worker();
    await sendTestWebhook(database.db, accountId, id, T0);
    await w.runOnce(at(1));
    const [during] = at$('/rotated');
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(fresh, during)).toMatchObject({ type: 'webhook.test' });
    expect(verify(old, during)).toMatchObject({ type: 'webhook.test' });

    await sendTestWebhook(database.db, accountId, id, at(3600));
    await w.runOnce(at(3600));
    const after = at$('/rotated')[1];
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(fresh, after)).toMatchObject({ type: 'webhook.test' });
    expect(() => verify(old, after)).toThrow('No matching signature found');
  });

  it('sends a delivery whose worker died once its claim expires', async () => {
    const { id } = await hook('/orphan');
    const { id: deliveryId } = await sendTestWebhook(database.db, accountId, id, T0);
    // A worker claimed it and crashed before recording anything.
    expect(await claimDelivery(database.db, deliveryId, T0.toISOString(), at(40).toISOString())).toBe(true);
    const w = worker();
    expect(await w.runOnce(at(39))).toMatchObject({ attempted: 0 });
    expect(await w.runOnce(at(40))).toMatchObject({ attempted: 1, succeeded: 1 });
    expect(at$('/orphan')).toHaveLength(1);
  });

  it('never sends one delivery from two workers at once', async () => {
    const { id } = await hook('/shared');
    const ids = new Set<string>();
    for (let i = 0; i < 12; i++) ids.add((await sendTestWebhook(database.db, accountId, id, T0)).id);
    const [a, b] = await Promise.all([worker({ concurrency: 3 }).runOnce(at(1)), worker({ concurrency: 3 }).runOnce(at(1))]);
    expect(a.attempted + b.attempted).toBe(12);
    const got = at$('/shared').map((r) => String(r.headers['webhook-id']));
    expect(got).toHaveLength(12);
    expect(new Set(got)).toEqual(ids);
  });
});

describe.each(DIALECTS)('webhook outbox across a restart on %s', (dialect: Dialect) => {
  let receiver: Receiver;
  const dataDir = tempDir();
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const reopen = () =>
    dialect === 'sqlite' ? openDatabase({ databaseUrl: null, dataDir }) : openDatabase({ databaseUrl: TEST_PG_URL, dataDir: '', pgSchema: schema });

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    if (dialect === 'postgres') {
      const db = await reopen();
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db.db);
      await db.close();
    }
  });

  it('delivers after a restart what was queued before it', async () => {
    const config = testConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    let database = await reopen();
    const accountId = (await createAccount(database.db, 'restart@example.com', 'developer')).id;
    const { view, secret } = await createWebhook(database.db, { policy: open }, accountId, { url: `${receiver.url}/after-restart`, events: ['address.deleted'] });
    const gone = await createAddress(database.db, config, accountId, { prefix: 'gone' });
    await deleteAddress(database.db, accountId, gone.address);
    expect((await enqueueFromLog(database.db, null)).deliveries).toBe(1);
    await database.close();
    expect(receiver.received).toHaveLength(0);

    database = await reopen();
    try {
      const worker = createWebhookWorker({ db: database.db, config, version: 'test' });
      expect(await worker.runOnce()).toMatchObject({ attempted: 1, succeeded: 1 });
      expect(receiver.received).toHaveLength(1);
      expect(verify(secret, receiver.received[0])).toMatchObject({ type: 'address.deleted', data: { address: gone.address } });
      const { deliveries } = await listWebhookDeliveries(database.db, accountId, view.id, { limit: 10, offset: 0 });
      expect(deliveries.map((d) => d.status)).toEqual(['succeeded']);
    } finally {
      await database.close();
    }
  });

  it('queues after a restart, once, the webhooks of events committed before a crash', async () => {
    const config = testConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    let database = await reopen();
    const accountId = (await createAccount(database.db, 'crash-gap@example.com', 'developer')).id;
    const { view, secret } = await createWebhook(database.db, { policy: open }, accountId, { url: `${receiver.url}/crash-gap`, events: ['message.received'] });
    const address = await createAddress(database.db, config, accountId, { prefix: 'crash-gap' });
    const recipient = [{ addressId: address.id, accountId, address: address.address }];
    // One message whose event reached the outbox, and one committed just before the process died (no enqueuer ran).
    const [queued] = await ingestMessage(database.db, Buffer.from('Subject: queued\r\n\r\nhi\r\n'), recipient);
    expect((await enqueueFromLog(database.db, null)).deliveries).toBe(1);
    const [lost] = await ingestMessage(database.db, Buffer.from('Subject: lost\r\n\r\nhi\r\n'), recipient);
    await database.close();

    database = await reopen();
    try {
      // The enqueuer starts from its durable cursor: the lost message's event, and nothing twice.
      const enqueuer = startWebhookEnqueuer({ db: database.db, publicUrl: null, pollMs: 60_000 });
      expect(await enqueuer.runOnce()).toBe(1);
      expect(await enqueuer.runOnce()).toBe(0);
      await enqueuer.stop();
      const worker = createWebhookWorker({ db: database.db, config, version: 'test' });
      expect(await worker.runOnce()).toMatchObject({ attempted: 2, succeeded: 2 });
      const ids = receiver.received.filter((r) => r.path === '/crash-gap').map((r) => (verify(secret, r) as { data: { message: { id: string } } }).data.message.id);
      expect(ids.sort()).toEqual([queued, lost].sort());
      const { count } = await listWebhookDeliveries(database.db, accountId, view.id, { limit: 10, offset: 0 });
      expect(count).toBe(2);
    } finally {
      await database.close();
    }
  });
;
});
