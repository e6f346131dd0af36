import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { DIALECTS, openTestDatabase, testConfig } from '../helpers/app.js';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import type { AddressRow } from '../../src/db/addresses.js';
import { createAccount } from '../../src/services/accounts.js';
import { createAddress } from '../../src/services/addresses.js';
import { InProcessEventBus, type EventOf, type EventType } from '../../src/services/events.js';
import { streamMessages, waitForMessages } from '../../src/services/mail-watch.js';
import { ingestMessage } from '../../src/services/messages.js';

class CountingBus extends InProcessEventBus {
  active = 0;
  override subscribe<T extends EventType>(type: T, listener: (event: EventOf<T>) => void): () => void {
    const off = super.subscribe(type, listener);
    this.active++;
    return () => {
      this.active--;
      off();
    };
  }
}

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

const ids = (text: string) => [...text.matchAll(/^id: (\S+)$/gm)].map((m) => m[1]);

describe.each(DIALECTS)('waiting and streaming on %s', (dialect) => {
  let database: Database;
  let config: Config;
  let accountId: string;
  let counter = 0;
  const address = () => createAddress(database.db, config, accountId, { prefix: `mw${++counter}` });
  const deliver = async (to: AddressRow, subject: string, bus?: InProcessEventBus, at?: Date) => {
    const raw = await new MailComposer({ from: 'a@example.com', to: to.address, subject, text: subject }).compile().build();
    const [id] = await ingestMessage(database.db, raw, [{ addressId: to.id, accountId, address: to.address }], bus, at);
    return id;
  };

  beforeAll(async () => {
    config = testConfig();
    database = await openTestDatabase(dialect);
    accountId = (await createAccount(database.db, `mw-${dialect}@example.com`, 'developer')).id;
  });
  afterAll(() => database?.close());

  it('waitForMessages with timeout 0 still answers what is already there', async () => {
    const to = await address();
    const id = await deliver(to, 'there already');
    const result = await waitForMessages(database.db, new InProcessEventBus(), to, { timeoutMs: 0 });
    expect(result).toMatchObject({ count: 1, timedOut: false, messages: [{ id }] });
  });

  it('waitForMessages counts only messages strictly after since, and gives up at the address\'s expiry', async () => {
    const to = await createAddress(database.db, config, accountId, { prefix: `mw-exp-${dialect}`, expires_in: 10 });
    await deliver(to, 'old', undefined, new Date('2026-11-21T10:00:00.000Z'));
    const started = Date.now();
    const expiring = { ...to, expires_at: new Date(Date.now() + 150).toISOString() };
    const result = await waitForMessages(database.db, new InProcessEventBus(), expiring, { since: '2026-11-21T11:00:00+01:00', timeoutMs: 30_000 });
    expect(result).toEqual({ messages: [], count: 0, timedOut: true });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('streamMessages replays, sends a message announced during the replay once, and keeps order', async () => {
    const bus = new CountingBus();
    const to = await address();
    const a = await deliver(to, 'A');
    const out = sink();
    const stop = streamMessages(database.db, bus, to, out, { since: '2000-01-01T00:00:00.000Z', heartbeatMs: 60_000 });
    // Announced while the replay (which already includes A) is still reading the store.
    bus.publish({ type: 'message.received', accountId, addressId: to.id, address: to.address, messageId: a, receivedAt: new Date().toISOString() });
    const b = await deliver(to, 'B', bus);
    await out.until((t) => ids(t).length >= 2);
    const c = await deliver(to, 'C', bus);
    await out.until((t) => ids(t).length >= 3);
    expect(ids(out.text())).toEqual([a, b, c]);
    expect(out.text().startsWith('retry: 3000\n\n: connected\n\n')).toBe(true);
    stop();
    expect(bus.active).toBe(0);
    expect(out.ended()).toBe(false);
  });

  it('streamMessages sends heartbeats, and ends on deletion with address.deleted', async () => {
    const bus = new CountingBus();
    const to = await address();
    const out = sink();
    streamMessages(database.db, bus, to, out, { heartbeatMs: 20 });
    await out.until((t) => t.includes(': keep-alive\n\n'));
    bus.publish({ type: 'address.deleted', accountId, addressId: to.id, address: to.address, at: new Date().toISOString() });
    await out.until(() => out.ended());
    expect(out.text().endsWith(`event: address.deleted\ndata: {"address":"${to.address}"}\n\n`)).toBe(true);
    expect(bus.active).toBe(0);
  });

  it('streamMessages also ends when the sweeper purges the address', async () => {
    const bus = new CountingBus();
    const to = await address();
    const out = sink();
    streamMessages(database.db, bus, to, out, { heartbeatMs: 20 });
    await out.until((t) => t.includes(': keep-alive\n\n'));
    bus.publish({ type: 'address.purged', accountId, addressId: to.id, address: to.address, at: new Date().toISOString() });
    await out.until(() => out.ended());
    expect(out.text().endsWith(`event: address.deleted\ndata: {"address":"${to.address}"}\n\n`)).toBe(true);
    expect(bus.active).toBe(0);
  });

  it('streamMessages replays nothing for an unknown Last-Event-ID', async () => {
    const to = await address();
    await deliver(to, 'X');
    const bus = new InProcessEventBus();
    const out = sink();
    const stop = streamMessages(database.db, bus, to, out, { lastEventId: 'msg_unknown', heartbeatMs: 60_000 });
    const y = await deliver(to, 'Y', bus);
    await out.until((t) => ids(t).length >= 1);
    expect(ids(out.text())).toEqual([y]);
    stop();
  });
});
