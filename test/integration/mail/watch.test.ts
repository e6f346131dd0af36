import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { DIALECTS, openTestDatabase, testConfig } from '../../helpers/app.js';
import type { Config } from '../../../src/config.js';
import type { Database } from '../../../src/db/database.js';
import type { AddressRow } from '../../../src/db/addresses.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress, deleteAddress } from '../../../src/mail/addresses.js';
import { transactWithEvents } from '../../../src/db/events.js';
import { startEventFeed } from '../../../src/platform/events/feed.js';
import { eventRecord } from '../../../src/platform/events/contract.js';
import { streamMessages, waitForMessages } from '../../../src/mail/watch/address-watch.js';
import { ingestMessage } from '../../../src/mail/ingest/store.js';
import { startCountingFeed, streamedEventIds, streamedMessageIds } from '../../helpers/feed.js';

/** A sink that keeps what the stream wrote and can wait for some text to appear. */
function sink() {
  let text = '';
  let ended = false;
  return {
    write: (chunk: string) => void (text += chunk),
    end: () => void (ended = true),
    text: () => text,
    ended: () => ended,
    async until(check: (text: string) => boolean) {
      const deadline = Date.now() + 5000;
      while (!check(text)) {
        if (Date.now() > deadline) throw new Error(`not written in time; have:\n${text}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}


describe.each(DIALECTS)('waiting and streaming on %s', (dialect) => {
  let database: Database;
  let config: Config;
  let accountId: string;
  let counter = 0;
  const address = () => createAddress(database.db, config, accountId, { prefix: `mw${++counter}` });
  const deliver = async (to: AddressRow, subject: string, at?: Date) => {
    const raw = await new MailComposer({ from: 'a@example.com', to: to.address, subject, text: subject }).compile().build();
    const [id] = await ingestMessage(database.db, raw, [{ addressId: to.id, accountId, address: to.address }], at);
    return id;
  };
  const purged = (to: AddressRow) =>
    transactWithEvents(database.db, async (_trx, emit) =>
      emit(eventRecord({ type: 'address.purged', accountId, addressId: to.id, address: to.address, at: new Date().toISOString() })),
    );

  beforeAll(async () => {
    config = testConfig();
    database = await openTestDatabase(dialect);
    accountId = (await createAccount(database.db, `mw-${dialect}@example.com`, 'developer')).id;
  });
  afterAll(() => database?.close());

  it('waitForMessages with timeout 0 still answers what is already there', async () => {
    const to = await address();
    const id = await deliver(to, 'there already');
    const feed = await startEventFeed({ db: database.db });
    const result = await waitForMessages(database.db, feed, to, { timeoutMs: 0 });
    await feed.close();
    expect(result).toMatchObject({ count: 1, timedOut: false, messages: [{ id }] });
  });

  it('waitForMessages counts only messages strictly after since, and gives up at the address\'s expiry', async () => {
    const to = await createAddress(database.db, config, accountId, { prefix: `mw-exp-${dialect}`, expires_in: 10 });
    await deliver(to, 'old', new Date('2026-11-21T10:00:00.000Z'));
    const started = Date.now();
    const expiring = { ...to, expires_at: new Date(Date.now() + 150).toISOString() };
    const feed = await startEventFeed({ db: database.db });
    const result = await waitForMessages(database.db, feed, expiring, { since: '2026-11-21T11:00:00+01:00', timeoutMs: 30_000 });
    await feed.close();
    expect(result).toEqual({ messages: [], count: 0, timedOut: true });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('waitForMessages answers a message announced in the log with the summary the event carries', async () => {
    const to = await address();
    const feed = await startEventFeed({ db: database.db });
    const waiting = waitForMessages(database.db, feed, to, { timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 50));
    const id = await deliver(to, 'announced');
    const result = await waiting;
    await feed.close();
    expect(result).toMatchObject({ count: 1, timedOut: false, messages: [{ id, subject: 'announced', read: false, to: [{ address: to.address }] }] });
  });

  it('streamMessages replays, sends a message committed during the replay once, and keeps log order', async () => {
    const feed = await startCountingFeed(database.db);
    const to = await address();
    const a = await deliver(to, 'A');
    const out = sink();
    const stop = streamMessages(database.db, feed, to, out, { since: '2000-01-01T00:00:00.000Z', heartbeatMs: 60_000 });
    // Committed while the replay (which may or may not include it) is still reading the log.
    const b = await deliver(to, 'B');
    await out.until((t) => streamedMessageIds(t).length >= 2);
    const c = await deliver(to, 'C');
    await out.until((t) => streamedMessageIds(t).length >= 3);
    expect(streamedMessageIds(out.text())).toEqual([a, b, c]);
    const eventIds = streamedEventIds(out.text()).map(Number);
    expect(eventIds).toEqual([...eventIds].sort((x, y) => x - y));
    expect(new Set(eventIds).size).toBe(3);
    expect(out.text().startsWith('retry: 3000\n\n: connected\n\n')).toBe(true);
    stop();
    expect(feed.active).toBe(0);
    expect(out.ended()).toBe(false);
    await feed.close();
  });

  it('streamMessages resumes exactly after a Last-Event-ID, given as a log id or as a message id', async () => {
    const feed = await startEventFeed({ db: database.db });
    const to = await address();
    const x = await deliver(to, 'X');
    const y = await deliver(to, 'Y');
    const first = sink();
    const stopFirst = streamMessages(database.db, feed, to, first, { since: '2000-01-01T00:00:00.000Z', heartbeatMs: 60_000 });
    await first.until((t) => streamedMessageIds(t).length >= 2);
    stopFirst();
    const [xEvent] = streamedEventIds(first.text());
    for (const lastEventId of [xEvent, x]) {
      const out = sink();
      const stop = streamMessages(database.db, feed, to, out, { lastEventId, heartbeatMs: 60_000 });
      await out.until((t) => streamedMessageIds(t).length >= 1);
      expect(streamedMessageIds(out.text())).toEqual([y]);
      stop();
    }
    await feed.close();
  });

  it('streamMessages sends heartbeats, and ends on deletion with address.deleted', async () => {
    const feed = await startCountingFeed(database.db);
    const to = await address();
    const out = sink();
    streamMessages(database.db, feed, to, out, { heartbeatMs: 20 });
    await out.until((t) => t.includes(': keep-alive\n\n'));
    await deleteAddress(database.db, accountId, to.address);
    await out.until(() => out.ended());
    expect(out.text().endsWith(`event: address.deleted\ndata: {"address":"${to.address}"}\n\n`)).toBe(true);
    expect(feed.active).toBe(0);
    await feed.close();
  });

  it('streamMessages also ends when the sweeper purges the address', async () => {
    const feed = await startCountingFeed(database.db);
    const to = await address();
    const out = sink();
    streamMessages(database.db, feed, to, out, { heartbeatMs: 20 });
    await out.until((t) => t.includes(': keep-alive\n\n'));
    await purged(to);
    await out.until(() => out.ended());
    expect(out.text().endsWith(`event: address.deleted\ndata: {"address":"${to.address}"}\n\n`)).toBe(true);
    expect(feed.active).toBe(0);
    await feed.close();
  });

  it('streamMessages replays nothing for an unknown Last-Event-ID', async () => {
    const to = await address();
    await deliver(to, 'X');
    const feed = await startEventFeed({ db: database.db });
    const out = sink();
    const stop = streamMessages(database.db, feed, to, out, { lastEventId: 'msg_unknown', heartbeatMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50));
    const y = await deliver(to, 'Y');
    await out.until((t) => streamedMessageIds(t).length >= 1);
    expect(streamedMessageIds(out.text())).toEqual([y]);
    stop();
    await feed.close();
  });
});
