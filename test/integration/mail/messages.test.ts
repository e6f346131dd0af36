import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, testConfig } from '../../helpers/app.js';
import type { Database } from '../../../src/db/database.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress, deleteAddress } from '../../../src/mail/addresses.js';
import { startEventFeed } from '../../../src/platform/events/feed.js';
import { type EventOf } from '../../../src/platform/events/contract.js';
import {
  deleteMessage,
  getAttachment,
  getMailboxMessage,
  getMessage,
  getMessageRaw,
  listMailboxMessages,
  listMessages,
  setMessageRead,
} from '../../../src/mail/messages.js';
import { ingestMessage, type IngestRecipient } from '../../../src/mail/ingest/store.js';

const PDF = Buffer.from(Array.from({ length: 256 }, (_, i) => i)); // every byte value, so nothing gets re-encoded
const NOTES = Buffer.from('Übersicht: 3 € — ✓\n', 'utf8');

/** A hand-written MIME message: RFC 2047 subject and From name, text + HTML alternative, two attachments (one
 * with an RFC 2231 UTF-8 file name), a raw 8-bit header and trailing spaces that must survive byte for byte. */
function multipartMessage(to = '"Inbox One" <one@ephemail.test>, two@ephemail.test'): Buffer {
  return Buffer.from(
    [
      'From: =?UTF-8?B?SsO8cmdlbiBNw7xsbGVy?= <juergen@example.com>',
      `To: ${to}`,
      'Cc: Carol <carol@example.org>',
      'Subject: =?UTF-8?Q?Gr=C3=BC=C3=9Fe_aus_K=C3=B6ln?=',
      'Message-ID: <multipart-1@example.com>',
      'Date: Sat, 21 Nov 2026 10:00:00 +0000',
      'X-Note: café   ',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="mixed"',
      '',
      '--mixed',
      'Content-Type: multipart/alternative; boundary="alt"',
      '',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Hallo =E2=80=94 plain text',
      '--alt',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>Hallo <b>HTML</b></p>',
      '--alt--',
      '--mixed',
      'Content-Type: application/pdf; name="report.pdf"',
      'Content-Disposition: attachment; filename="report.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      PDF.toString('base64').replace(/(.{76})/g, '$1\r\n'),
      '--mixed',
      'Content-Type: text/plain; charset=utf-8',
      "Content-Disposition: attachment; filename*=UTF-8''%C3%9Cbersicht%20%E2%82%AC.txt",
      'Content-Transfer-Encoding: base64',
      '',
      NOTES.toString('base64'),
      '--mixed--',
      '',
    ].join('\r\n'),
    'utf8',
  );
}

function plainMessage(subject: string): Buffer {
  return Buffer.from(`From: sender@example.com\r\nTo: list@ephemail.test\r\nSubject: ${subject}\r\n\r\nbody of ${subject}\r\n`);
}

describe.each(DIALECTS)('messages on %s', (dialect) => {
  const config = testConfig();
  let database: Database;
  let one: IngestRecipient;
  let two: IngestRecipient;
  let list: IngestRecipient;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    const account = await createAccount(database.db, `owner-${dialect}@example.com`, 'developer');
    const recipient = async (prefix: string): Promise<IngestRecipient> => {
      const row = await createAddress(database.db, config, account.id, { prefix });
      return { addressId: row.id, accountId: account.id, address: row.address };
    };
    one = await recipient('one');
    two = await recipient('two');
    list = await recipient('list');
  });
  afterAll(() => database.close());

  const count = async (table: 'messages' | 'attachments' | 'message_contents', column: 'id' | 'message_id', ids: string[]) => {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(ids)})`.execute(database.db);
    return Number(rows[0].n);
  };

  it('stores one copy per recipient with decoded headers, both bodies and attachments, and announces each in the log', async () => {
    const raw = multipartMessage();
    const feed = await startEventFeed({ db: database.db });
    const seen: Array<Promise<{ event: EventOf<'message.received'>; subject: string }>> = [];
    // A subscriber must be able to read the message it is told about.
    feed.subscribe('message.received', (event) => {
      seen.push(getMessage(database.db, event.addressId, event.messageId).then((m) => ({ event, subject: m.subject })));
    });
    const now = new Date('2026-11-21T10:00:05.123Z');

    const ids = await ingestMessage(database.db, raw, [one, two], now);
    await feed.catchUp();
    await feed.close();

    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(ids[1]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);

    const expected = (id: string) => ({
      id,
      from: { address: 'juergen@example.com', name: 'Jürgen Müller' },
      to: [
        { address: 'one@ephemail.test', name: 'Inbox One' },
        { address: 'two@ephemail.test', name: '' },
      ],
      cc: [{ address: 'carol@example.org', name: 'Carol' }],
      subject: 'Grüße aus Köln',
      text: 'Hallo — plain text',
      html: '<p>Hallo <b>HTML</b></p>',
      size: raw.length,
      received_at: '2026-11-21T10:00:05.123Z',
      read: false,
      attachments: [
        { id: expect.stringMatching(/^att_[0-9a-f]{32}$/), filename: 'report.pdf', content_type: 'application/pdf', size: 256 },
        { id: expect.stringMatching(/^att_[0-9a-f]{32}$/), filename: 'Übersicht €.txt', content_type: 'text/plain', size: NOTES.length },
      ],
      codes: [],
      links: [],
      authentication: null,
    });
    const first = await getMessage(database.db, one.addressId, ids[0]);
    const second = await getMessage(database.db, two.addressId, ids[1]);
    expect(first).toEqual(expected(ids[0]));
    expect(second).toEqual(expected(ids[1]));
    // Each copy owns its attachments.
    expect(second.attachments[0].id).not.toBe(first.attachments[0].id);

    // Each event carries the summary the API lists (everything but the bodies), so consumers need not read it back.
    const summary = (id: string) => {
      const { text: _t, html: _h, ...rest } = expected(id);
      return rest;
    };
    const events = await Promise.all(seen);
    expect(events.map((e) => e.event.id)).toEqual([events[0].event.id, events[0].event.id + 1]);
    expect(events).toEqual([
      {
        event: {
          id: expect.any(Number),
          type: 'message.received',
          accountId: one.accountId,
          addressId: one.addressId,
          address: 'one@ephemail.test',
          messageId: ids[0],
          receivedAt: now.toISOString(),
          message: summary(ids[0]),
        },
        subject: 'Grüße aus Köln',
      },
      {
        event: {
          id: expect.any(Number),
          type: 'message.received',
          accountId: two.accountId,
          addressId: two.addressId,
          address: 'two@ephemail.test',
          messageId: ids[1],
          receivedAt: now.toISOString(),
          message: summary(ids[1]),
        },
        subject: 'Grüße aus Köln',
      },
    ]);
  });

  it('returns the raw source byte for byte and attachments exactly, scoped to address and message', async () => {
    const raw = multipartMessage();
    const [a, b] = await ingestMessage(database.db, raw, [one, two]);
    const got = await getMessageRaw(database.db, one.addressId, a);
    expect(got.equals(raw)).toBe(true);
    expect((await getMessageRaw(database.db, two.addressId, b)).equals(raw)).toBe(true);

    const view = await getMessage(database.db, one.addressId, a);
    const pdf = await getAttachment(database.db, one.addressId, a, view.attachments[0].id);
    expect(pdf).toEqual({ filename: 'report.pdf', content_type: 'application/pdf', content: PDF });
    expect(pdf.content.equals(PDF)).toBe(true);
    const notes = await getAttachment(database.db, one.addressId, a, view.attachments[1].id);
    expect(notes.filename).toBe('Übersicht €.txt');
    expect(notes.content.equals(NOTES)).toBe(true);

    // Another address cannot reach this copy, its source or its attachments.
    await expect(getMessage(database.db, two.addressId, a)).rejects.toMatchObject({ code: 'message_not_found' });
    await expect(getMessageRaw(database.db, two.addressId, a)).rejects.toMatchObject({ code: 'message_not_found' });
    await expect(getAttachment(database.db, two.addressId, a, view.attachments[0].id)).rejects.toMatchObject({ code: 'message_not_found' });
    // An attachment id of another message is not found within this one.
    const other = await getMessage(database.db, two.addressId, b);
    await expect(getAttachment(database.db, one.addressId, a, other.attachments[0].id)).rejects.toMatchObject({ code: 'attachment_not_found' });
    await expect(getAttachment(database.db, one.addressId, a, 'att_missing')).rejects.toMatchObject({ code: 'attachment_not_found' });
    await expect(getMessage(database.db, one.addressId, 'msg_missing')).rejects.toMatchObject({ code: 'message_not_found' });
  });

  it('lists newest first with a stable tie-break, pages, and counts every message', async () => {
    const base = Date.parse('2026-11-22T08:00:00.000Z');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push(...(await ingestMessage(database.db, plainMessage(`m${i}`), [list], new Date(base + i * 1000))));
    }
    // Two messages in the same millisecond: ordered by id, descending.
    const tied = [
      ...(await ingestMessage(database.db, plainMessage('t1'), [list], new Date(base + 10_000))),
      ...(await ingestMessage(database.db, plainMessage('t2'), [list], new Date(base + 10_000))),
    ].sort()
      .reverse();

    const all = await listMessages(database.db, list.addressId, { limit: 50, offset: 0 });
    expect(all.count).toBe(6);
    expect(all.messages.map((m) => m.id)).toEqual([...tied, ...ids.slice().reverse()]);

    const page = await listMessages(database.db, list.addressId, { limit: 2, offset: 2 });
    expect(page.count).toBe(6);
    expect(page.messages.map((m) => m.subject)).toEqual(['m3', 'm2']);
    expect(page.messages[0]).toEqual({
      id: ids[3],
      from: { address: 'sender@example.com', name: '' },
      to: [{ address: 'list@ephemail.test', name: '' }],
      cc: [],
      subject: 'm3',
      size: plainMessage('m3').length,
      received_at: new Date(base + 3000).toISOString(),
      read: false,
      attachments: [],
      codes: [],
      links: [],
      authentication: null,
    });
    const beyond = await listMessages(database.db, list.addressId, { limit: 2, offset: 6 });
    expect(beyond).toEqual({ messages: [], count: 6 });
  });

  it('lists attachment metadata of every message on a page', async () => {
    const [id] = await ingestMessage(database.db, multipartMessage(), [list], new Date('2030-01-01T00:00:00.000Z'));
    const { messages } = await listMessages(database.db, list.addressId, { limit: 2, offset: 0 });
    expect(messages[0].id).toBe(id);
    expect(messages[0].attachments.map((a) => [a.filename, a.size])).toEqual([
      ['report.pdf', 256],
      ['Übersicht €.txt', NOTES.length],
    ]);
    expect(messages[1].attachments).toEqual([]);
    expect(Object.keys(messages[0]).sort()).toEqual(['attachments', 'authentication', 'cc', 'codes', 'from', 'id', 'links', 'read', 'received_at', 'size', 'subject', 'to']);

    // Read again (attachment metadata kept from the first read) beside a message not read before, and in a get:
    // the same lists, in message order, wherever they came from.
    const [newer] = await ingestMessage(database.db, multipartMessage(), [list], new Date('2030-01-02T00:00:00.000Z'));
    const again = await listMessages(database.db, list.addressId, { limit: 3, offset: 0 });
    expect(again.messages.map((m) => m.id).slice(0, 2)).toEqual([newer, id]);
    expect(again.messages[0].attachments).toEqual(messages[0].attachments.map((a) => ({ ...a, id: expect.stringMatching(/^att_/) })));
    expect(again.messages[1].attachments).toEqual(messages[0].attachments);
    expect(again.messages[2].attachments).toEqual([]);
    expect((await getMessage(database.db, list.addressId, newer)).attachments).toEqual(again.messages[0].attachments);
  });

  it('lists whether each message was read as it is now, after the rest of the message was read once', async () => {
    const [a] = await ingestMessage(database.db, plainMessage('read-state a'), [two], new Date('2031-01-01T00:00:00.000Z'));
    const [b] = await ingestMessage(database.db, plainMessage('read-state b'), [two], new Date('2031-01-02T00:00:00.000Z'));
    const page = async () => (await listMessages(database.db, two.addressId, { limit: 2, offset: 0 })).messages.map((m) => [m.id, m.subject, m.read]);
    expect(await page()).toEqual([
      [b, 'read-state b', false],
      [a, 'read-state a', false],
    ]);
    await setMessageRead(database.db, two.addressId, a, true);
    expect(await page()).toEqual([
      [b, 'read-state b', false],
      [a, 'read-state a', true],
    ]);
    expect((await listMessages(database.db, two.addressId, { limit: 5, offset: 0 }, { unread: true })).messages.map((m) => m.id)).not.toContain(a);
    await setMessageRead(database.db, two.addressId, a, false);
    expect((await page())[1]).toEqual([a, 'read-state a', false]);
    await deleteMessage(database.db, two.addressId, b);
    expect((await page())[0]).toEqual([a, 'read-state a', false]);
  });

  it('shows empty fields for a bare HTML-only message and null html for a text-only one', async () => {
    const htmlOnly = Buffer.from('Content-Type: text/html; charset=utf-8\r\n\r\n<p>only html</p>\r\n');
    const [h] = await ingestMessage(database.db, htmlOnly, [list]);
    expect(await getMessage(database.db, list.addressId, h)).toMatchObject({
      from: { address: '', name: '' },
      to: [],
      cc: [],
      subject: '',
      text: null,
      html: '<p>only html</p>\n',
      attachments: [],
    });
    const [t] = await ingestMessage(database.db, plainMessage('text only'), [list]);
    expect(await getMessage(database.db, list.addressId, t)).toMatchObject({ text: 'body of text only\n', html: null });
  });

  /** The content (raw source) rows the messages point at. */
  const contentsOf = async (ids: string[]) =>
    [...new Set((await database.db.selectFrom('messages').select('content_id').where('id', 'in', ids).execute()).map((r) => r.content_id))];

  it('stores the content once for all recipient copies, compressed, and gives every copy the same bytes back', async () => {
    const raw = Buffer.from(`From: a@example.com\r\nTo: x@ephemail.test\r\nSubject: big\r\n\r\n${'All work and no play. '.repeat(5000)}\r\n`);
    const ids = await ingestMessage(database.db, raw, [one, two, list]);
    const contents = await contentsOf(ids);
    expect(contents).toHaveLength(1);
    const stored = await database.db.selectFrom('message_contents').selectAll().where('id', '=', contents[0]).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ encoding: 'br', size: raw.length });
    expect(stored.raw.length).toBeLessThan(raw.length / 10);
    for (const [i, r] of [one, two, list].entries()) expect((await getMessageRaw(database.db, r.addressId, ids[i])).equals(raw)).toBe(true);
  });

  it('deletes one copy with its attachments, leaving the other copy and the shared source alone; the last copy takes the source with it', async () => {
    const [a, b] = await ingestMessage(database.db, multipartMessage(), [one, two]);
    const [content] = await contentsOf([a, b]);
    await expect(deleteMessage(database.db, two.addressId, a)).rejects.toMatchObject({ code: 'message_not_found' });
    await deleteMessage(database.db, one.addressId, a);
    await expect(getMessage(database.db, one.addressId, a)).rejects.toMatchObject({ code: 'message_not_found' });
    await expect(deleteMessage(database.db, one.addressId, a)).rejects.toMatchObject({ code: 'message_not_found' });
    expect(await count('attachments', 'message_id', [a])).toBe(0);
    expect(await count('message_contents', 'id', [content])).toBe(1);
    expect((await getMessage(database.db, two.addressId, b)).attachments).toHaveLength(2);
    expect((await getMessageRaw(database.db, two.addressId, b)).equals(multipartMessage())).toBe(true);
    await deleteMessage(database.db, two.addressId, b);
    expect(await count('message_contents', 'id', [content])).toBe(0);
  });

  it('deleting an address removes its messages, attachments and sources', async () => {
    const account = await createAccount(database.db, `cascade-${dialect}@example.com`, 'developer');
    const row = await createAddress(database.db, config, account.id, { prefix: 'cascade' });
    const doomed = { addressId: row.id, accountId: account.id, address: row.address };
    const ids = await ingestMessage(database.db, multipartMessage(), [doomed, one]);
    const [shared] = await contentsOf(ids);
    const [alone] = await ingestMessage(database.db, plainMessage('only for the doomed address'), [doomed]);
    const [own] = await contentsOf([alone]);
    expect(await count('attachments', 'message_id', ids)).toBe(4);

    expect(await deleteAddress(database.db, account.id, row.address)).toMatchObject({ address: row.address, messages: 2 });
    expect(await count('messages', 'id', [ids[0]])).toBe(0);
    expect(await count('attachments', 'message_id', [ids[0]])).toBe(0);
    // Its own message's source went with it (the cascade deleted the last copy); the shared one stays for the
    // other recipient's copy, which is untouched.
    expect(await count('message_contents', 'id', [own])).toBe(0);
    expect(await count('attachments', 'message_id', [ids[1]])).toBe(2);
    expect(await count('message_contents', 'id', [shared])).toBe(1);
  });

  it('stores nothing when any copy fails: the copies share one transaction', async () => {
    const ghost = { addressId: 'adr_does_not_exist', accountId: one.accountId, address: 'ghost@ephemail.test' };
    const before = await listMessages(database.db, one.addressId, { limit: 1, offset: 0 });
    await expect(ingestMessage(database.db, plainMessage('atomic'), [one, ghost])).rejects.toThrow();
    expect((await listMessages(database.db, one.addressId, { limit: 1, offset: 0 })).count).toBe(before.count);
  });

  it('reads a mailbox and its page, or a mailbox and its message, as the two-step reads do; on PostgreSQL in one statement each', async () => {
    const owner = (await database.db.selectFrom('addresses').select('account_id').where('id', '=', list.addressId).executeTakeFirstOrThrow()).account_id;
    const box = await createAddress(database.db, config, owner, { prefix: 'joined' });
    const empty = await createAddress(database.db, config, owner, { prefix: 'joined-empty' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(...(await ingestMessage(database.db, i === 1 ? multipartMessage() : plainMessage(`joined ${i}`), [{ addressId: box.id, accountId: owner, address: box.address }], new Date(Date.UTC(2032, 0, 1 + i)))));
    await setMessageRead(database.db, box.id, ids[0], true);

    const statements: string[] = [];
    const spied = database.db.withPlugin({
      transformQuery: (args) => (statements.push(database.db.getExecutor().compileQuery(args.node, args.queryId).sql), args.node),
      transformResult: async (args) => args.result,
    });
    const page = { limit: 2, offset: 0 };
    // Read once, so that what every instance keeps by message id (listed rows, attachments) is kept.
    await listMailboxMessages(spied, owner, box.address.toUpperCase(), page);
    await getMailboxMessage(spied, owner, box.address, ids[1]);

    statements.length = 0;
    expect(await listMailboxMessages(spied, owner, box.address.toUpperCase(), page)).toEqual(await listMessages(database.db, box.id, page));
    const listStatements = statements.length;
    statements.length = 0;
    expect(await getMailboxMessage(spied, owner, box.address, ids[1])).toEqual(await getMessage(database.db, box.id, ids[1]));
    const getStatements = statements.length;
    // PostgreSQL: a round trip each. SQLite: the address, then the page (a full page also asks for the count).
    expect([listStatements, getStatements]).toEqual(dialect === 'postgres' ? [1, 1] : [3, 1]);

    expect(await listMailboxMessages(database.db, owner, box.address, { limit: 10, offset: 0 }, { unread: true })).toMatchObject({ count: 2, messages: [{ id: ids[2] }, { id: ids[1] }] });
    expect(await listMailboxMessages(database.db, owner, box.address, { limit: 10, offset: 0 }, { since: '2032-01-02T00:00:00.000+00:00' })).toMatchObject({ count: 1, messages: [{ id: ids[2] }] });
    // Past the end of a mailbox with mail: no messages, and the total all the same; an empty mailbox: none, 0.
    expect(await listMailboxMessages(database.db, owner, box.address, { limit: 10, offset: 5 })).toEqual({ messages: [], count: 3 });
    expect(await listMailboxMessages(database.db, owner, empty.address, { limit: 10, offset: 0 })).toEqual({ messages: [], count: 0 });
    expect(await listMailboxMessages(database.db, owner, empty.address, { limit: 10, offset: 5 })).toEqual({ messages: [], count: 0 });

    const stranger = await createAccount(database.db, `joined-stranger-${dialect}@example.com`, 'developer');
    for (const read of [
      () => listMailboxMessages(database.db, stranger.id, box.address, page),
      () => getMailboxMessage(database.db, stranger.id, box.address, ids[1]),
      () => listMailboxMessages(database.db, owner, 'nobody@ephemail.test', page),
      () => getMailboxMessage(database.db, owner, 'nobody@ephemail.test', ids[1]),
    ]) {
      await expect(read()).rejects.toMatchObject({ code: 'address_not_found' });
    }
    await expect(getMailboxMessage(database.db, owner, box.address, 'msg_missing')).rejects.toMatchObject({ code: 'message_not_found' });
    // Another mailbox's message is not found through this one.
    await expect(getMailboxMessage(database.db, owner, empty.address, ids[1])).rejects.toMatchObject({ code: 'message_not_found' });
  });
});
