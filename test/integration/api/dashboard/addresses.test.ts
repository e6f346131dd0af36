import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { signUpBrowser, type Browser } from '../../../helpers/dashboard.js';

const ADDRESSES = '/api/dashboard/addresses';

describe.each(DIALECTS)('dashboard addresses and mail (%s)', (dialect) => {
  let t: TestApp;
  let dev: Browser;
  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { RATE_LIMIT_LOGIN_IP: '1000' } });
    dev = await signUpBrowser(t.app);
    await dev.call('PUT', '/api/dashboard/account/plan', { plan: 'developer' });
  });
  afterAll(() => t?.close());

  const deliver = async (address: string, mail: Mail.Options): Promise<string> => (await t.deliver({ from: 'shop@example.com', to: address, ...mail })).id;

  it('refuses addresses to free accounts with the upgrade path', async () => {
    const free = await signUpBrowser(t.app);
    for (const res of [await free.call('GET', ADDRESSES), await free.call('POST', ADDRESSES, {})]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'plan_required', message: expect.stringContaining('Addresses need the developer plan') });
    }
  });

  it('creates, lists, reads, downloads, extends and deletes like the Developer API', async () => {
    const created = await dev.call('POST', ADDRESSES, { prefix: 'dash-inbox', expires_in: 600 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ success: true, email: 'dash-inbox@ephemail.test', prefix: 'dash-inbox', domain: 'ephemail.test' });
    const address = created.json().email as string;
    const random = await dev.call('POST', ADDRESSES);
    expect(random.statusCode).toBe(201);
    expect(random.json().prefix).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);

    const list = await dev.call('GET', `${ADDRESSES}?limit=1`);
    expect(list.json()).toMatchObject({ success: true, count: 2 });
    expect(list.json().addresses).toHaveLength(1);

    const id = await deliver(address, { subject: 'Welcome', text: 'plain words', html: '<p>rich <b>words</b></p>', attachments: [{ filename: 'notes.txt', content: 'abc' }] });
    const messages = await dev.call('GET', `${ADDRESSES}/${address}/messages`);
    expect(messages.statusCode).toBe(200);
    expect(messages.json()).toMatchObject({ count: 1, messages: [{ id, subject: 'Welcome', from: { address: 'shop@example.com' } }] });
    const attachmentId = messages.json().messages[0].attachments[0].id;

    const message = await dev.call('GET', `${ADDRESSES}/${address}/messages/${id}`);
    expect(message.json()).toMatchObject({ success: true, id, text: 'plain words', html: '<p>rich <b>words</b></p>' });

    const raw = await dev.call('GET', `${ADDRESSES}/${encodeURIComponent(address)}/messages/${id}/raw`);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('message/rfc822');
    expect(raw.body).toContain('Subject: Welcome');

    const file = await dev.call('GET', `${ADDRESSES}/${address}/messages/${id}/attachments/${attachmentId}`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('abc');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="notes.txt"/);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const extended = await dev.call('PATCH', `${ADDRESSES}/${address}/extend`, { expires_in: 3600 });
    expect(extended.statusCode).toBe(200);
    expect(Date.parse(extended.json().new_expiry)).toBeGreaterThan(Date.parse(created.json().expires_at));

    expect((await dev.call('DELETE', `${ADDRESSES}/${address}/messages/${id}`)).json()).toEqual({ success: true, message: `Message ${id} was deleted.` });
    expect((await dev.call('GET', `${ADDRESSES}/${address}/messages/${id}`)).statusCode).toBe(404);
    const deleted = await dev.call('DELETE', `${ADDRESSES}/${address}`);
    expect(deleted.json()).toEqual({ success: true, message: `Address ${address} and its 0 messages were deleted.` });
    expect((await dev.call('GET', `${ADDRESSES}/${address}/messages`)).statusCode).toBe(404);
  });

  it('logs the same events as the Developer API', async () => {
    const seen: string[] = [];
    await t.context.events.catchUp(); // earlier tests' events are not ours
    const offCreated = t.context.events.subscribe('address.created', (e) => seen.push(`created ${e.address}`));
    const offDeleted = t.context.events.subscribe('address.deleted', (e) => seen.push(`deleted ${e.address}`));
    try {
      const address = (await dev.call('POST', ADDRESSES, { prefix: 'evented' })).json().email;
      await dev.call('DELETE', `${ADDRESSES}/${address}`);
      await t.context.events.catchUp();
      expect(seen).toEqual([`created ${address}`, `deleted ${address}`]);
    } finally {
      offCreated();
      offDeleted();
    }
  });

  it('keeps accounts apart and answers the usual errors', async () => {
    const other = await signUpBrowser(t.app);
    await other.call('PUT', '/api/dashboard/account/plan', { plan: 'developer' });
    const theirs = (await other.call('POST', ADDRESSES, { prefix: 'theirs' })).json().email;
    for (const res of [
      await dev.call('GET', `${ADDRESSES}/${theirs}/messages`),
      await dev.call('DELETE', `${ADDRESSES}/${theirs}`),
      await dev.call('PATCH', `${ADDRESSES}/${theirs}/extend`, {}),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('address_not_found');
    }
    expect((await dev.call('POST', ADDRESSES, { prefix: 'theirs' })).statusCode).toBe(409);
    expect((await dev.call('POST', ADDRESSES, { domain: 'gmail.com' })).statusCode).toBe(422);
    expect((await dev.call('POST', ADDRESSES, { expires_in: 1 })).statusCode).toBe(400);
    // The Developer API's keys are not dashboard sessions and vice versa.
    expect((await t.app.inject({ url: ADDRESSES, headers: { authorization: `Bearer ${t.developerKey}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/email', headers: { cookie: dev.cookie } })).statusCode).toBe(401);
  });
});
