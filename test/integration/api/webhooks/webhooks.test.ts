import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { startReceiver, verify, type Receiver } from '../../../helpers/webhook-receiver.js';
import { createAccount } from '../../../../src/identity/accounts.js';
import { createKey } from '../../../../src/identity/keys.js';
import { createWebhookWorker, type WebhookWorker } from '../../../../src/webhooks/worker.js';

// A public address written as an IP literal: accepted without DNS, never called by these tests.
const PUBLIC = 'http://93.184.216.34/hooks/ephemail';

describe.each(DIALECTS)('webhook operations on %s', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let otherAuth: { authorization: string };
  let receiver: Receiver;
  let worker: WebhookWorker;

  beforeAll(async () => {
    // Only 127.0.0.1 is allowed among private targets: the local receiver, nothing else.
    t = await makeTestApp({ dialect, env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' } });
    auth = { authorization: `Bearer ${t.developerKey}` };
    const other = await createAccount(t.context.database.db, `other-${dialect}@example.com`, 'developer');
    otherAuth = { authorization: `Bearer ${(await createKey(t.context.database.db, other, 'developer')).key}` };
    receiver = await startReceiver();
    worker = createWebhookWorker({ db: t.context.database.db, config: t.context.config, version: 'test' });
  });
  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
    await t?.close();
  });

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = auth) =>
    t.app.inject({ method, url: `/api/v1/webhooks${url}`, headers, ...(payload ? { payload } : {}) });
  const create = (payload: object, headers = auth) => api('POST', '', payload, headers);
  const newAddress = async (prefix: string, headers = auth) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers, payload: { prefix } })).json().email as string;

  describe('createWebhook', () => {
    it('creates an enabled webhook and shows its whsec_ secret once', async () => {
      const res = await create({ url: PUBLIC, events: ['message.received', 'address.deleted'], description: ' CI signup ' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        success: true,
        id: expect.stringMatching(/^wh_[0-9a-f]{32}$/),
        url: PUBLIC,
        events: ['message.received', 'address.deleted'],
        address: null,
        description: 'CI signup',
        enabled: true,
        disabled_reason: null,
        disabled_at: null,
        failing_since: null,
        created_at: expect.stringMatching(/Z$/),
        updated_at: body.created_at,
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      });
      // A Standard Webhooks library accepts the secret as given.
      expect(() => new Webhook(body.secret)).not.toThrow();

      const got = await api('GET', `/${body.id}`);
      expect(got.statusCode).toBe(200);
      const { secret: _secret, ...view } = body;
      expect(got.json()).toEqual(view);
      const listed = await api('GET', '');
      expect(listed.body).not.toContain(body.secret.slice(6));
      expect(got.body).not.toContain(body.secret.slice(6));
    });

    it('narrows to one of your addresses, stored lowercased', async () => {
      const email = await newAddress('hooked');
      const res = await create({ url: PUBLIC, events: ['message.received'], address: email.toUpperCase() });
      expect(res.statusCode).toBe(201);
      expect(res.json().address).toBe(email);
    });

    it('answers 404 address_not_found for an address filter that is missing or another account’s', async () => {
      const theirs = await newAddress('not-yours', otherAuth);
      for (const address of [theirs, 'nobody@ephemail.test']) {
        const res = await create({ url: PUBLIC, events: ['message.received'], address });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, error: 'address_not_found', message: `address: no address ${address} in your account (body field).` });
      }
    });

    it.each([
      [{ events: ['message.received'] }, /url is required/],
      [{ url: PUBLIC }, /events is required/],
      [{ url: PUBLIC, events: [] }, /events must NOT have fewer than 1 items/],
      [{ url: PUBLIC, events: ['message.deleted'] }, /must be one of/],
      [{ url: PUBLIC, events: ['webhook.test'] }, /must be one of/],
      [{ url: PUBLIC, events: ['address.created', 'address.created'] }, /duplicate items/],
      [{ url: 'ftp://93.184.216.34/x', events: ['address.created'] }, /url must use http or https, not ftp/],
      [{ url: 'not a url', events: ['address.created'] }, /url must be an absolute http/],
      [{ url: 'https://user:pw@93.184.216.34/x', events: ['address.created'] }, /must not contain a user name or password/],
      [{ url: PUBLIC, events: ['address.created'], secret: 'whsec_mine' }, /secret is not a known body field/],
      [{ url: PUBLIC, events: ['address.created'], description: 'x'.repeat(201) }, /description must NOT have more than 200 characters/],
    ])('refuses %j with 400 validation_error', async (payload, message) => {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'validation_error' });
      expect(res.json().message).toMatch(message);
    });

    it.each([
      ['http://127.0.0.2/hook', '127.0.0.2 is a loopback address'],
      ['http://10.0.0.8/hook', '10.0.0.8 is a private address (RFC 1918)'],
      ['http://192.168.1.1/hook', 'a private address'],
      ['http://172.20.0.1/hook', 'a private address'],
      ['http://100.64.0.1/hook', 'a shared (CGNAT) address'],
      ['http://169.254.169.254/latest/meta-data/', 'a cloud metadata address'],
      ['http://169.254.10.1/hook', 'a link-local address'],
      ['http://0.0.0.0:8080/hook', 'a "this network" address'],
      ['http://[::1]/hook', 'a loopback address'],
      ['http://[fe80::1]/hook', 'a link-local address'],
      ['http://[fd12:3456::1]/hook', 'a unique-local address'],
      ['http://[::ffff:10.0.0.1]/hook', 'embeds 10.0.0.1, a private address'],
      ['http://2130706434/hook', '127.0.0.2 is a loopback address'],
    ])('refuses %s with 422 webhook_target_not_allowed', async (url, reason) => {
      const res = await create({ url, events: ['address.created'] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, error: 'webhook_target_not_allowed' });
      expect(res.json().message).toContain(reason);
      expect(res.json().message).toMatch(/^url: /);
    });

    it('accepts an address in WEBHOOK_ALLOWED_NETWORKS', async () => {
      const res = await create({ url: `${receiver.url}/allowed`, events: ['address.created'] });
      expect(res.statusCode).toBe(201);
    });

    it('answers 401 without a key and 403 with a Tools key', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/webhooks', payload: { url: PUBLIC, events: ['address.created'] } })).statusCode).toBe(401);
      const tools = await create({ url: PUBLIC, events: ['address.created'] }, { authorization: `Bearer ${t.toolsKey}` });
      expect(tools.statusCode).toBe(403);
      expect(tools.json().error).toBe('wrong_key_kind');
    });
  });

  describe('listWebhooks and getWebhook', () => {
    it('lists only your webhooks, newest first, paged', async () => {
      const mine = (await create({ url: PUBLIC, events: ['address.expired'] })).json();
      const theirs = (await create({ url: PUBLIC, events: ['address.expired'] }, otherAuth)).json();
      const first = await api('GET', '?limit=1');
      expect(first.statusCode).toBe(200);
      expect(first.json().webhooks).toHaveLength(1);
      expect(first.json().webhooks[0].id).toBe(mine.id);
      const all = await api('GET', '?limit=100');
      expect(all.json().count).toBe(all.json().webhooks.length);
      expect(all.json().webhooks.map((w: { id: string }) => w.id)).not.toContain(theirs.id);
      const second = await api('GET', '?limit=1&offset=1');
      expect(second.json().webhooks[0].id).not.toBe(mine.id);
      expect((await api('GET', '?limit=101')).statusCode).toBe(400);
    });

    it('answers 404 webhook_not_found for a missing webhook and for another account’s', async () => {
      const theirs = (await create({ url: PUBLIC, events: ['address.expired'] }, otherAuth)).json();
      for (const id of [theirs.id, 'wh_missing']) {
        const res = await api('GET', `/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ success: false, error: 'webhook_not_found', message: `No webhook ${id} in your account.` });
      }
    });
  });

  describe('updateWebhook', () => {
    it('changes only the fields sent', async () => {
      const hook = (await create({ url: PUBLIC, events: ['address.created'], description: 'before' })).json();
      const email = await newAddress('filter-later');
      const res = await api('PATCH', `/${hook.id}`, { events: ['message.received', 'address.expired'], address: email, description: null });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: hook.id, url: PUBLIC, events: ['message.received', 'address.expired'], address: email, description: null, enabled: true });
      expect(res.json().updated_at >= hook.updated_at).toBe(true);
      const cleared = await api('PATCH', `/${hook.id}`, { address: null, url: 'https://93.184.216.34/other' });
      expect(cleared.json()).toMatchObject({ address: null, url: 'https://93.184.216.34/other' });
      expect((await api('GET', `/${hook.id}`)).json()).toMatchObject({ address: null, url: 'https://93.184.216.34/other' });
    });

    it('disables and enables', async () => {
      const hook = (await create({ url: PUBLIC, events: ['address.created'] })).json();
      const off = await api('PATCH', `/${hook.id}`, { enabled: false });
      expect(off.json()).toMatchObject({ enabled: false, disabled_reason: 'manual', disabled_at: expect.stringMatching(/Z$/) });
      const again = await api('PATCH', `/${hook.id}`, { enabled: false });
      expect(again.json()).toEqual(off.json());
      const on = await api('PATCH', `/${hook.id}`, { enabled: true });
      expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null, failing_since: null });
    });

    it('checks a new URL and address like create, and needs at least one field', async () => {
      const hook = (await create({ url: PUBLIC, events: ['address.created'] })).json();
      const refused = await api('PATCH', `/${hook.id}`, { url: 'http://169.254.169.254/' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toBe('webhook_target_not_allowed');
      const noAddress = await api('PATCH', `/${hook.id}`, { address: 'ghost@ephemail.test' });
      expect(noAddress.statusCode).toBe(404);
      expect(noAddress.json().error).toBe('address_not_found');
      const empty = await api('PATCH', `/${hook.id}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('validation_error');
      expect((await api('GET', `/${hook.id}`)).json().url).toBe(PUBLIC);
      const theirs = await api('PATCH', `/${hook.id}`, { enabled: false }, otherAuth);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().error).toBe('webhook_not_found');
    });
  });

  describe('rotateWebhookSecret', () => {
    it('answers a new secret once, keeping the previous one for 24 h by default', async () => {
      const hook = (await create({ url: PUBLIC, events: ['address.created'] })).json();
      const before = Date.now();
      const res = await api('POST', `/${hook.id}/rotate-secret`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, secret: expect.stringMatching(/^whsec_/), previous_secret_expires_at: expect.stringMatching(/Z$/) });
      expect(res.json().secret).not.toBe(hook.secret);
      const grace = Date.parse(res.json().previous_secret_expires_at) - before;
      expect(grace).toBeGreaterThanOrEqual(86_400_000 - 1000);
      expect(grace).toBeLessThanOrEqual(86_400_000 + 5000);
      const now = await api('POST', `/${hook.id}/rotate-secret`, { previous_secret_expires_in: 0 });
      expect(now.json().previous_secret_expires_at).toBeNull();
      const tooLong = await api('POST', `/${hook.id}/rotate-secret`, { previous_secret_expires_in: 604_801 });
      expect(tooLong.statusCode).toBe(400);
      expect((await api('POST', `/wh_missing/rotate-secret`)).statusCode).toBe(404);
    });
  });

  describe('sendTestWebhook, listWebhookDeliveries, redeliverWebhookDelivery', () => {
    it('queues a signed test event, logs its attempts and sends it again on request', async () => {
      const hook = (await create({ url: `${receiver.url}/test-hook`, events: ['address.created'] })).json();
      const queued = await api('POST', `/${hook.id}/test`);
      expect(queued.statusCode).toBe(202);
      const delivery = queued.json();
      expect(delivery).toEqual({
        success: true,
        id: expect.stringMatching(/^whd_[0-9a-f]{32}$/),
        webhook_id: hook.id,
        event: 'webhook.test',
        status: 'pending',
        created_at: expect.stringMatching(/Z$/),
        next_attempt_at: delivery.created_at,
        finished_at: null,
        payload: { type: 'webhook.test', timestamp: delivery.created_at, data: { webhook_id: hook.id, message: 'This is a test event from Ephemail.' } },
        attempts: [],
      });

      const seen = receiver.received.length;
      expect(await worker.runOnce()).toMatchObject({ attempted: 1, succeeded: 1 });
      const got = receiver.received[seen];
      expect(got.path).toBe('/test-hook');
      expect(got.headers['webhook-id']).toBe(delivery.id);
      expect(verify(hook.secret, got)).toEqual(delivery.payload);

      const log = await api('GET', `/${hook.id}/deliveries`);
      expect(log.statusCode).toBe(200);
      expect(log.json()).toMatchObject({ success: true, count: 1 });
      const [entry] = log.json().deliveries;
      expect(entry).toMatchObject({ id: delivery.id, status: 'succeeded', next_attempt_at: null, finished_at: expect.stringMatching(/Z$/) });
      expect(entry.attempts).toEqual([
        { attempt: 1, attempted_at: expect.stringMatching(/Z$/), status_code: 200, duration_ms: expect.any(Number), error: null, response_excerpt: 'ok' },
      ]);

      const again = await api('POST', `/${hook.id}/deliveries/${delivery.id}/redeliver`);
      expect(again.statusCode).toBe(202);
      expect(again.json()).toMatchObject({ id: delivery.id, status: 'pending', finished_at: null, attempts: [{ attempt: 1 }] });
      expect(await worker.runOnce()).toMatchObject({ attempted: 1, succeeded: 1 });
      expect(receiver.received[seen + 1].headers['webhook-id']).toBe(delivery.id);
      const after = (await api('GET', `/${hook.id}/deliveries?status=succeeded`)).json();
      expect(after.deliveries[0].attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2]);
      expect((await api('GET', `/${hook.id}/deliveries?status=pending`)).json()).toMatchObject({ deliveries: [], count: 0 });
      expect((await api('GET', `/${hook.id}/deliveries?status=lost`)).statusCode).toBe(400);
    });

    it('answers 404 for another account’s webhook or delivery and 409 webhook_disabled when disabled', async () => {
      const hook = (await create({ url: `${receiver.url}/x`, events: ['address.created'] })).json();
      const delivery = (await api('POST', `/${hook.id}/test`)).json();
      const other = (await create({ url: `${receiver.url}/y`, events: ['address.created'] })).json();

      expect((await api('GET', `/${hook.id}/deliveries`, undefined, otherAuth)).json().error).toBe('webhook_not_found');
      expect((await api('POST', `/${hook.id}/test`, undefined, otherAuth)).statusCode).toBe(404);
      const wrongHook = await api('POST', `/${other.id}/deliveries/${delivery.id}/redeliver`);
      expect(wrongHook.statusCode).toBe(404);
      expect(wrongHook.json()).toEqual({ success: false, error: 'webhook_delivery_not_found', message: `No delivery ${delivery.id} for webhook ${other.id}.` });

      await api('PATCH', `/${hook.id}`, { enabled: false });
      const test = await api('POST', `/${hook.id}/test`);
      expect(test.statusCode).toBe(409);
      expect(test.json()).toMatchObject({ error: 'webhook_disabled', message: expect.stringContaining('enable it') });
      expect((await api('POST', `/${hook.id}/deliveries/${delivery.id}/redeliver`)).json().error).toBe('webhook_disabled');
    });
  });

  describe('deleteWebhook', () => {
    it('deletes the webhook with its deliveries, then answers 404', async () => {
      const hook = (await create({ url: PUBLIC, events: ['address.created'] })).json();
      await api('POST', `/${hook.id}/test`);
      const theirs = await api('DELETE', `/${hook.id}`, undefined, otherAuth);
      expect(theirs.statusCode).toBe(404);
      const res = await api('DELETE', `/${hook.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: `Webhook ${hook.id} and its 1 delivery was deleted.` });
      expect((await api('DELETE', `/${hook.id}`)).statusCode).toBe(404);
      const left = await t.context.database.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', hook.id).execute();
      expect(left).toEqual([]);
    });
  });
});
