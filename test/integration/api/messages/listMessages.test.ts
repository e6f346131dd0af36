import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { createAccount } from '../../../../src/identity/accounts.js';
import { createKey } from '../../../../src/identity/keys.js';

const BOX = 'filters@ephemail.test';

describe.each(DIALECTS)('finding messages on %s', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  const ids: Record<string, string> = {};
  const times: Record<string, string> = {};

  const list = async (query: string) => {
    const res = await t.app.inject({ url: `/api/v1/email/${BOX}/messages?${query}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { messages: Array<{ subject: string; read: boolean }>; count: number };
    return { subjects: body.messages.map((m) => m.subject), count: body.count, messages: body.messages };
  };

  beforeAll(async () => {
    t = await makeTestApp({ dialect });
    auth = { authorization: `Bearer ${t.developerKey}` };
    await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'filters' } });
    const mails: Array<[string, string, string]> = [
      ['welcome', '"Shop Team" <hello@shop.example>', 'Welcome to the Shop'],
      ['code', 'codes@auth.example', 'Your CODE is 123456'],
      ['umlaut', '"Jürgen Müller" <jm@example.org>', 'GRÜSSE aus Köln'],
      ['percent', 'sale@shop.example', '50% off_today'],
      ['plain', 'x@example.net', '50 percent offtoday'],
    ];
    for (const [key, from, subject] of mails) {
      ids[key] = (await t.deliver({ from, to: BOX, subject, text: subject })).id;
      // received_at is stored with millisecond precision: the next message must arrive strictly later.
      const got = await t.app.inject({ url: `/api/v1/email/${BOX}/messages/${ids[key]}`, headers: auth });
      times[key] = got.json().received_at;
      await new Promise((r) => setTimeout(r, 2));
    }
  });
  afterAll(() => t.close());

  it('lists everything unfiltered, unread, with read: false', async () => {
    const all = await list('');
    expect(all.count).toBe(5);
    expect(all.messages.every((m) => m.read === false)).toBe(true);
  });

  it('filters by subject, ignoring case (also beyond ASCII)', async () => {
    expect(await list('subject=code')).toMatchObject({ subjects: ['Your CODE is 123456'], count: 1 });
    expect(await list('subject=WELCOME%20TO')).toMatchObject({ subjects: ['Welcome to the Shop'], count: 1 });
    expect(await list(`subject=${encodeURIComponent('grüsse')}`)).toMatchObject({ subjects: ['GRÜSSE aus Köln'], count: 1 });
    expect(await list('subject=nothing-like-this')).toMatchObject({ subjects: [], count: 0 });
  });

  it('treats % and _ as plain characters', async () => {
    expect((await list(`subject=${encodeURIComponent('50%')}`)).subjects).toEqual(['50% off_today']);
    expect((await list(`subject=${encodeURIComponent('f_t')}`)).subjects).toEqual(['50% off_today']);
    expect((await list(`subject=${encodeURIComponent('%')}`)).count).toBe(1);
  });

  it('filters by sender address or display name', async () => {
    expect((await list('from=shop.example')).subjects).toEqual(['50% off_today', 'Welcome to the Shop']);
    expect((await list('from=shop%20team')).subjects).toEqual(['Welcome to the Shop']);
    expect((await list(`from=${encodeURIComponent('MÜLLER')}`)).subjects).toEqual(['GRÜSSE aus Köln']);
  });

  it('filters by since, strictly after, with any zone', async () => {
    expect((await list(`since=${times.umlaut}`)).subjects).toEqual(['50 percent offtoday', '50% off_today']);
    // The same instant written in UTC+1 (the wall clock one hour ahead, with its offset).
    const plusOne = new Date(Date.parse(times.umlaut) + 3600_000).toISOString().replace('Z', '+01:00');
    expect((await list(`since=${encodeURIComponent(plusOne)}`)).count).toBe(2);
  });

  it('combines filters and pages, with count matching the filters', async () => {
    const res = await list(`from=shop.example&subject=o&limit=1`);
    expect(res).toMatchObject({ subjects: ['50% off_today'], count: 2 });
  });

  it('marks read and unread explicitly; reading does not mark', async () => {
    const url = `/api/v1/email/${BOX}/messages/${ids.code}`;
    expect((await t.app.inject({ url, headers: auth })).json().read).toBe(false);
    expect((await list('unread=true')).count).toBe(5);

    const read = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { read: true } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ success: true, id: ids.code, read: true, text: 'Your CODE is 123456\n' });
    expect((await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { read: true } })).json().read).toBe(true);
    expect(await list('unread=false')).toMatchObject({ subjects: ['Your CODE is 123456'], count: 1 });
    expect(await list('unread=true')).toMatchObject({ count: 4 });
    expect((await list('subject=code&unread=true')).count).toBe(0);

    const unread = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { read: false } });
    expect(unread.json().read).toBe(false);
    expect((await list('unread=true')).count).toBe(5);
  });

  it('answers 404 for a missing message or another account\'s address, 400 for a bad body or filter', async () => {
    const missing = await t.app.inject({ method: 'PATCH', url: `/api/v1/email/${BOX}/messages/msg_nope`, headers: auth, payload: { read: true } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('message_not_found');

    const stranger = await createAccount(t.context.database.db, `stranger-${dialect}@example.com`, 'developer');
    const strangerAuth = { authorization: `Bearer ${(await createKey(t.context.database.db, stranger, 'developer')).key}` };
    const foreign = await t.app.inject({ method: 'PATCH', url: `/api/v1/email/${BOX}/messages/${ids.code}`, headers: strangerAuth, payload: { read: true } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('address_not_found');

    for (const payload of [{}, { read: 'yes' }, { read: true, seen: 1 }]) {
      const bad = await t.app.inject({ method: 'PATCH', url: `/api/v1/email/${BOX}/messages/${ids.code}`, headers: auth, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const query of ['since=yesterday', 'unread=maybe', 'subject=']) {
      const bad = await t.app.inject({ url: `/api/v1/email/${BOX}/messages?${query}`, headers: auth });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error).toBe('validation_error');
    }
  });
});
