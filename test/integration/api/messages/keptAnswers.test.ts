import { SQLite } from '../../../../src/db/sqlite-driver.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { createAccount } from '../../../../src/identity/accounts.js';
import { createKey } from '../../../../src/identity/keys.js';

const BOX = 'kept@ephemail.test';

/**
 * Lists and gets are kept on SQLite while the store does not change (src/http/kept-answers.ts): every change a user
 * can make or cause shows in the next answer, on both stores — also one made by another connection to the SQLite
 * file, as the operator CLI makes them.
 */
describe.each(DIALECTS)('answers of list and get stay right between changes on %s', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };

  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: auth });
    return { status: res.statusCode, body: res.body, json: res.json() as Record<string, unknown> & { messages?: Array<{ id: string; subject: string; read: boolean }>; count?: number } };
  };
  const list = () => get(`/api/v1/email/${BOX}/messages`);

  beforeAll(async () => {
    t = await makeTestApp({ dialect });
    auth = { authorization: `Bearer ${t.developerKey}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'kept' } })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('shows new mail, read state and deletions in the next list and get, and the same bytes while nothing changed', async () => {
    const first = await t.deliver({ from: 'a@example.com', to: BOX, subject: 'first', text: 'one' });
    const before = await list();
    expect(before.json).toMatchObject({ success: true, count: 1, messages: [{ id: first.id, subject: 'first', read: false }] });
    expect((await list()).body).toBe(before.body);

    const second = await t.deliver({ from: 'a@example.com', to: BOX, subject: 'second', text: 'two' });
    expect((await list()).json).toMatchObject({ count: 2, messages: [{ id: second.id }, { id: first.id }] });

    const url = `/api/v1/email/${BOX}/messages/${first.id}`;
    expect((await get(url)).json).toMatchObject({ id: first.id, read: false, text: 'one\n' });
    expect((await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { read: true } })).statusCode).toBe(200);
    expect((await get(url)).json).toMatchObject({ id: first.id, read: true });
    expect((await list()).json.messages!.map((m) => [m.id, m.read])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);

    expect((await t.app.inject({ method: 'DELETE', url, headers: auth })).statusCode).toBe(200);
    expect((await get(url)).status).toBe(404);
    expect((await list()).json).toMatchObject({ count: 1, messages: [{ id: second.id }] });
  });

  it('answers 404 once the address is deleted, and another account never sees a kept answer', async () => {
    const box = 'gone@ephemail.test';
    await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'gone' } });
    const mail = await t.deliver({ from: 'a@example.com', to: box, subject: 'soon gone', text: 'x' });
    expect((await get(`/api/v1/email/${box}/messages`)).json).toMatchObject({ count: 1 });
    expect((await get(`/api/v1/email/${box}/messages/${mail.id}`)).status).toBe(200);

    const stranger = await createAccount(t.context.database.db, `stranger-${dialect}@example.com`, 'developer');
    const strangerAuth = { authorization: `Bearer ${(await createKey(t.context.database.db, stranger, 'developer')).key}` };
    for (const url of [`/api/v1/email/${box}/messages`, `/api/v1/email/${box}/messages/${mail.id}`]) {
      const foreign = await t.app.inject({ url, headers: strangerAuth });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ success: false, error: 'address_not_found' });
    }

    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/email/${box}`, headers: auth })).statusCode).toBe(200);
    expect((await get(`/api/v1/email/${box}/messages`)).status).toBe(404);
    expect((await get(`/api/v1/email/${box}/messages/${mail.id}`)).status).toBe(404);
  });

  it.runIf(dialect === 'sqlite')('sees a change another connection made to the SQLite file (the operator CLI)', async () => {
    const mail = await t.deliver({ from: 'a@example.com', to: BOX, subject: 'changed elsewhere', text: 'x' });
    const url = `/api/v1/email/${BOX}/messages/${mail.id}`;
    expect((await get(url)).json).toMatchObject({ subject: 'changed elsewhere' });
    expect((await list()).json.messages!.map((m) => m.id)).toContain(mail.id);

    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.context.database.db);
    const elsewhere = new SQLite(rows[0].file);
    try {
      elsewhere.pragma('busy_timeout = 5000');
      expect(elsewhere.prepare('delete from messages where id = ?').run(mail.id).changes).toBe(1);
    } finally {
      elsewhere.close();
    }
    expect((await get(url)).status).toBe(404);
    expect((await list()).json.messages!.map((m) => m.id)).not.toContain(mail.id);
  });
});
