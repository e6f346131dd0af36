import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase, testConfig } from '../../helpers/app.js';
import type { Database } from '../../../src/db/database.js';
import { createAccount } from '../../../src/identity/accounts.js';
import { createAddress, deleteAddress } from '../../../src/mail/addresses.js';
import { createIntake, NoRecipientLeft, type Acceptance, type AcceptedMessage, type Intake } from '../../../src/mail/ingest/intake.js';
import type { ContentPreparer } from '../../../src/mail/ingest/intake-pool.js';
import { prepareContent } from '../../../src/mail/ingest/prepare.js';

/** What the SMTP listener hands the intake for a message with this subject to these addresses of one account. */
function message(accountId: string, to: Array<{ id: string; address: string }>, subject: string): Acceptance {
  return {
    raw: Buffer.from(`Subject: ${subject}\r\n\r\nbody\r\n`),
    mailFrom: 'a@example.com',
    recipients: to.map((a) => ({ rcpt: a.address, address_id: a.id, account_id: accountId, address: a.address })),
    clientIp: '127.0.0.1',
    helo: 'client.test',
  };
}

/** `db` that records every statement matching `pattern`, as the store receives it (`label` shortens each). */
function recording(db: Database['db'], pattern: RegExp, label: (sql: string) => string = (sql) => sql) {
  const sent: string[] = [];
  const recorded = db.withPlugin({
    transformQuery: (args) => {
      const text = db.getExecutor().compileQuery(args.node, args.queryId).sql;
      if (pattern.test(text)) sent.push(label(text));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: recorded, sent };
}

/**
 * A preparer that records the subject of each message it starts and keeps every one stuck until `release()`, so that
 * what a processor holds stays visible; start()'s warm-up message goes through.
 */
function stuckPreparer() {
  let release!: () => void;
  const stuck = new Promise<void>((r) => (release = r));
  const started: string[] = [];
  const preparer: ContentPreparer = {
    async prepare(raw) {
      const subject = /Subject: (\S+)/.exec(raw.toString())![1];
      if (subject === 'warm-up') return prepareContent(raw);
      started.push(subject);
      await stuck;
      return prepareContent(raw);
    },
    close: async () => undefined,
  };
  return { preparer, started, release: () => release() };
}

describe.each(DIALECTS)('intake processors on %s', (dialect) => {
  let database: Database | undefined;
  const intakes: Intake[] = [];
  /** Lets go of what a test keeps stuck, so that stopping its processors ends however the test did. */
  const unstick: Array<() => void> = [];
  afterEach(async () => {
    for (const u of unstick.splice(0)) u();
    for (const i of intakes.splice(0)) await i.stop();
    await database?.close();
  });

  /**
   * A store with one address of one account, and an intake started on it whose messages stay stuck being prepared
   * until `release()` (stuckPreparer); `db` gives the intake the store it is to use (a recording one, say).
   */
  async function stuckIntake(config: ReturnType<typeof testConfig>, prefix: string, db: (db: Database['db']) => Database['db'] = (d) => d) {
    database = await openTestDatabase(dialect);
    const store = database.db;
    const account = await createAccount(store, `${prefix}-${dialect}@example.com`, 'developer');
    const address = await createAddress(store, config, account.id, { prefix });
    const { preparer, started, release } = stuckPreparer();
    const intake = createIntake({ config, db: db(store), preparer });
    intakes.push(intake);
    await intake.start();
    unstick.push(release);
    const send = (subject: string) => intake.accept(message(account.id, [address], subject));
    return { db: store, account, address, intake, started, release, send };
  }

  /**
   * A store with one address of one account, and an intake started on it whose clock stands still until the test moves
   * it (`advance`): a burst lasts exactly as long as the test says. `started` lists the messages the processors began
   * to prepare; `wrap` gives the intake the store it is to use.
   */
  async function burstIntake(config: ReturnType<typeof testConfig>, prefix: string, wrap: (db: Database['db']) => Database['db'] = (d) => d) {
    database = await openTestDatabase(dialect);
    const db = database.db;
    const account = await createAccount(db, `${prefix}-${dialect}@example.com`, 'developer');
    const address = await createAddress(db, config, account.id, { prefix });
    const started: string[] = [];
    const preparer: ContentPreparer = {
      async prepare(raw) {
        const subject = /Subject: (\S+)/.exec(raw.toString())![1];
        if (subject !== 'warm-up') started.push(subject);
        return prepareContent(raw);
      },
      close: async () => undefined,
    };
    let now = Date.parse('2026-11-27T12:00:00Z');
    const intake = createIntake({ config, db: wrap(db), preparer, now: () => now });
    intakes.push(intake);
    await intake.start();
    // As SMTP does at the end of DATA: the backpressure check (which reads the queue's depth), then the acceptance.
    const send = async (subject: string) => {
      expect(await intake.full()).toBe(false);
      return intake.accept(message(account.id, [address], subject));
    };
    const stored = async () => (await db.selectFrom('messages').select('subject').orderBy('subject').execute()).map((m) => m.subject);
    return { started, send, stored, advance: (ms: number) => void (now += ms) };
  }

  it('store a message once when a second processor takes it over after the lease ran out while the first still worked', async () => {
    const config = testConfig({ MAIL_AUTH: 'false' });
    database = await openTestDatabase(dialect);
    const db = database.db;
    const account = await createAccount(db, `twice-${dialect}@example.com`, 'developer');
    const address = await createAddress(db, config, account.id, { prefix: 'twice' });
    const accepting = createIntake({ config, db });
    intakes.push(accepting);
    const accepted = await accepting.accept(message(account.id, [address], 'once'));

    // The first processor takes the entry and is stuck preparing it.
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    let taken!: () => void;
    const tookIt = new Promise<void>((r) => (taken = r));
    let calls = 0;
    const slow: ContentPreparer = {
      // Only its first attempt is stuck: it may take the entry again itself once the lease is gone (its poll).
      async prepare(raw) {
        if (calls++ === 0) {
          taken();
          await stuck;
        }
        return prepareContent(raw);
      },
      close: async () => undefined,
    };
    const first = createIntake({ config, db, preparer: slow });
    intakes.push(first);
    await first.start();
    await tookIt;
    // Its lease runs out (as if it had died), and a second processor takes the entry and stores it.
    await db.updateTable('intake_queue').set({ lease_until: '2000-01-01T00:00:00.000Z' }).execute();
    const second = createIntake({ config, db, preparer: { prepare: prepareContent, close: async () => undefined } });
    intakes.push(second);
    await second.start();
    await second.drained();
    // The first one finishes after all: it finds the entry gone and stores nothing.
    release();
    await first.stop();

    const messages = await db.selectFrom('messages').select(['id', 'subject', 'received_at']).execute();
    expect(messages).toEqual([{ id: accepted.messageIds[0], subject: 'once', received_at: expect.any(String) }]);
    const events = await db.selectFrom('events').select('message_id').where('type', '=', 'message.received').execute();
    expect(events).toEqual([{ message_id: accepted.messageIds[0] }]);
    expect(await db.selectFrom('message_contents').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('intake_queue').select('id').execute()).toEqual([]);
  });

  it('claims a full set of entries at once, starts as many as it may, and gives the rest back uncounted when it stops', async () => {
    // Polling often: the entries below are queued by another instance, which this one finds when it polls.
    const config = testConfig({ MAIL_AUTH: 'false', INTAKE_CONCURRENCY: '2', INTAKE_POLL_MS: '50' });
    // Every message is stuck being prepared until released, so what the processor claimed stays visible.
    const { db, account, address, intake, started, release, send } = await stuckIntake(config, 'ahead');
    const first = await send('one');
    await expect.poll(() => started).toEqual(['one']);
    // Two more, queued together by an instance that only accepts. One processor of two is free: it claims two (a
    // full set), starts one and holds the other, leased.
    const accepting = createIntake({ config, db });
    const [second, third] = await Promise.all(['two', 'three'].map((subject) => accepting.accept(message(account.id, [address], subject))));
    await expect.poll(() => started).toEqual(['one', 'two']);
    const leased = async () =>
      (await db.selectFrom('intake_queue').select(['id', 'attempts', 'lease_until']).orderBy('accepted_at').execute()).map((r) => [r.id, Number(r.attempts), r.lease_until !== null]);
    expect(await leased()).toEqual([
      [first.id, 1, true],
      [second.id, 1, true],
      [third.id, 1, true],
    ]);
    // Stopping gives the unstarted one back at once (claimable by another instance, its claim not counted as an
    // attempt), and waits for the two under way, which store their messages.
    const stopping = intake.stop();
    await expect.poll(leased).toEqual([
      [first.id, 1, true],
      [second.id, 1, true],
      [third.id, 0, false],
    ]);
    release();
    await stopping;
    expect(await leased()).toEqual([[third.id, 0, false]]);
    const subjects = (await db.selectFrom('messages').select('subject').orderBy('subject').execute()).map((m) => m.subject);
    expect(subjects).toEqual(['one', 'two']);
    // The next processor stores it.
    const next = createIntake({ config, db, preparer: { prepare: prepareContent, close: async () => undefined } });
    intakes.push(next);
    await next.start();
    await next.drained();
    expect((await db.selectFrom('messages').select('id').where('subject', '=', 'three').execute()).map((m) => m.id)).toEqual(third.messageIds);
  });

  it('hands an acceptance straight to a processor with room, with no claim; past its room queues the rest, claimed after, in acceptance order', async () => {
    // One processor, and no poll during the test: every claim below is one the processor chose to make.
    const config = testConfig({ MAIL_AUTH: 'false', INTAKE_CONCURRENCY: '1', INTAKE_POLL_MS: '60000' });
    let claims: string[] = [];
    const { db, intake, started, release, send } = await stuckIntake(config, 'hand', (store) => {
      const spied = recording(store, /^update "intake_queue" set "lease_until" = (\?|\$1), "attempts"/);
      claims = spied.sent;
      return spied.db;
    });
    // At start it claims once, and finds the queue empty.
    await expect.poll(() => claims.length).toBe(1);
    const sent = [await send('m00')];
    await expect.poll(() => started).toEqual(['m00']);
    // Eight more (eight per processor) wait in its hands; the two after them are queued for a claim.
    for (let i = 1; i <= 10; i++) sent.push(await send(`m${String(i).padStart(2, '0')}`));
    const queue = async () =>
      (await db.selectFrom('intake_queue').select(['id', 'attempts', 'lease_until']).orderBy('accepted_at').execute()).map((r) => [r.id, Number(r.attempts), r.lease_until !== null]);
    expect(await queue()).toEqual(sent.map((m, i) => [m.id, i <= 8 ? 1 : 0, i <= 8]));
    expect(claims).toHaveLength(1);
    // Released, it stores what it holds, then claims the two queued behind them: every message in acceptance order.
    release();
    await intake.drained();
    expect(started).toEqual(sent.map((_, i) => `m${String(i).padStart(2, '0')}`));
    expect(claims.length).toBeGreaterThan(1);
    const stored = await db.selectFrom('messages').select(['id', 'subject']).orderBy('subject').execute();
    expect(stored.map((m) => [m.subject, m.id])).toEqual(sent.map((m, i) => [`m${String(i).padStart(2, '0')}`, m.messageIds[0]]));
    // Once the queue is known to be empty again, the next acceptance is handed over once more: no claim for it.
    const before = claims.length;
    await send('m11');
    await intake.drained();
    expect(claims).toHaveLength(before);
    expect(await db.selectFrom('messages').select('id').where('subject', '=', 'm11').execute()).toHaveLength(1);
  });

  it('gives back the entries handed over to it and not started when it stops, for the next processor to store', async () => {
    const config = testConfig({ MAIL_AUTH: 'false', INTAKE_CONCURRENCY: '1', INTAKE_POLL_MS: '60000' });
    const { db, intake, started, release, send } = await stuckIntake(config, 'handback');
    const first = await send('first');
    await expect.poll(() => started).toEqual(['first']);
    const held = [await send('held1'), await send('held2')];
    const stopping = intake.stop();
    release();
    await stopping;
    // The one under way was stored; the two in hand are queued again, unleased, their hand-over not counted.
    expect((await db.selectFrom('messages').select('id').execute()).map((m) => m.id)).toEqual(first.messageIds);
    const queue = await db.selectFrom('intake_queue').select(['id', 'attempts', 'lease_until']).orderBy('accepted_at').execute();
    expect(queue.map((r) => [r.id, Number(r.attempts), r.lease_until])).toEqual(held.map((h) => [h.id, 0, null]));
    const next = createIntake({ config, db, preparer: { prepare: prepareContent, close: async () => undefined } });
    intakes.push(next);
    await next.start();
    await next.drained();
    const stored = await db.selectFrom('messages').select(['id', 'subject']).where('subject', 'like', 'held%').orderBy('subject').execute();
    expect(stored.map((m) => m.id)).toEqual(held.map((h) => h.messageIds[0]));
  });

  it('with INTAKE_BURST_RATE, starts nothing while a burst is accepted, stores it once the burst ends, and processes past INTAKE_BURST_BACKLOG anyway', async () => {
    const config = testConfig({ MAIL_AUTH: 'false', INTAKE_BURST_RATE: '10', INTAKE_BURST_BACKLOG: '4' });
    const { started, send, stored, advance } = await burstIntake(config, 'burst');

    // One acceptance in the last 100 ms is 10 a second: a burst. Nothing starts, however long the processors look.
    for (const subject of ['a1', 'a2', 'a3']) await send(subject);
    await new Promise((r) => setTimeout(r, 150));
    expect(started).toEqual([]);
    expect(await stored()).toEqual([]);
    // The rate over the last 100 ms still reads 30 a second, but nothing has been accepted for 10 ms: the burst is
    // over, and the processors take it up by themselves.
    advance(11);
    await expect.poll(stored).toEqual(['a1', 'a2', 'a3']);

    // A second burst a second later, longer than the backlog allows: the fourth queued message sets the processors
    // going.
    advance(1000);
    for (const subject of ['b1', 'b2', 'b3']) await send(subject);
    await new Promise((r) => setTimeout(r, 150));
    expect(started).toEqual(['a1', 'a2', 'a3']);
    await send('b4');
    await expect.poll(stored).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'b4']);
  });

  // On SQLite an acceptance being committed holds the store's one writer, and the processors' claims wait for it
  // whatever the rule says: PostgreSQL, where acceptances commit in a lane of their own, shows what the rule does.
  it.runIf(dialect === 'postgres')('with INTAKE_BURST_RATE, holds the processors back while an acceptance is being committed, however long since the last one', async () => {
    const config = testConfig({ MAIL_AUTH: 'false', INTAKE_BURST_RATE: '10' });
    // Once `gating` is set, the queue's INSERT commits (autocommit, on PostgreSQL) but its answer is held until
    // `release()`: a sync to disk that takes that long, as far as the acceptance can tell.
    let gating = false;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    unstick.push(release);
    const held = new Set<unknown>();
    const gated = (db: Database['db']) =>
      db.withPlugin({
        transformQuery: (args) => {
          if (gating && /^insert into "intake_queue"/.test(db.getExecutor().compileQuery(args.node, args.queryId).sql)) held.add(args.queryId);
          return args.node;
        },
        transformResult: async (args) => {
          if (held.has(args.queryId)) await gate;
          return args.result;
        },
      });
    const { started, send, stored, advance } = await burstIntake(config, 'committing', gated);

    for (const subject of ['c1', 'c2', 'c3']) await send(subject);
    gating = true;
    const fourth = send('c4');
    await expect.poll(() => held.size).toBe(1);
    // Past the gap after the last acceptance, with the rate still a burst's: the one being committed keeps it going.
    advance(11);
    await new Promise((r) => setTimeout(r, 150));
    expect(started).toEqual([]);
    // Committed: the burst ends once nothing more has come for the gap.
    release();
    await fourth;
    advance(11);
    await expect.poll(stored).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('queues the acceptances that end together in one statement, and stores each of them', async () => {
    const config = testConfig({ MAIL_AUTH: 'false' });
    database = await openTestDatabase(dialect);
    const db = database.db;
    const account = await createAccount(db, `together-${dialect}@example.com`, 'developer');
    const address = await createAddress(db, config, account.id, { prefix: 'together' });
    // Every INSERT into the queue, as the store receives it.
    const { db: spied, sent: inserts } = recording(db, /^insert into "intake_queue"/);
    // Accepting only (no processor started), so the queue shows what acceptance wrote.
    const accepting = createIntake({ config, db: spied });
    intakes.push(accepting);
    const send = (subject: string) =>
      accepting.accept(message(account.id, [address], subject));
    const together = await Promise.all(['one', 'two', 'three', 'four', 'five'].map(send));
    expect(inserts).toHaveLength(1);
    // A message accepted after that commit goes into a statement of its own.
    const later = await send('six');
    expect(inserts).toHaveLength(2);
    const accepted = [...together, later];
    expect(new Set(accepted.map((a) => a.id)).size).toBe(6);
    const queued = await db.selectFrom('intake_queue').select(['id', 'mail_from']).execute();
    expect(queued.map((q) => q.id).sort()).toEqual(accepted.map((a) => a.id).sort());

    const processing = createIntake({ config, db, preparer: { prepare: prepareContent, close: async () => undefined } });
    intakes.push(processing);
    await processing.start();
    await processing.drained();
    const stored = await db.selectFrom('messages').select(['id', 'subject']).orderBy('subject').execute();
    expect(stored).toEqual(
      ['five', 'four', 'one', 'six', 'three', 'two'].map((subject) => ({ id: accepted[['one', 'two', 'three', 'four', 'five', 'six'].indexOf(subject)].messageIds[0], subject })),
    );
  });

  /** A preparer that holds every message until `count` have arrived, then lets them all go in the same turn. */
  function together(count: number): ContentPreparer {
    const waiting: Array<() => void> = [];
    return {
      async prepare(raw) {
        if (raw.toString().includes('warm-up')) return prepareContent(raw);
        const prepared = await prepareContent(raw);
        await new Promise<void>((go) => {
          waiting.push(go);
          if (waiting.length === count) waiting.splice(0).forEach((g) => g());
        });
        return prepared;
      },
      close: async () => undefined,
    };
  }

  async function acceptThree(db: Database['db'], subjects: string[]) {
    const config = testConfig({ MAIL_AUTH: 'false' });
    const account = await createAccount(db, `batch-${dialect}-${subjects[0]}@example.com`, 'developer');
    const address = await createAddress(db, config, account.id, { prefix: `batch-${subjects[0]}` });
    const accepting = createIntake({ config, db });
    intakes.push(accepting);
    const accepted = [];
    for (const subject of subjects) {
      accepted.push(
        await accepting.accept(message(account.id, [address], subject)),
      );
    }
    return { config, accepted };
  }

  it('stores the messages processed together with one DELETE and one INSERT per table (on PostgreSQL one statement for the INSERTs), each once with its event', async () => {
    database = await openTestDatabase(dialect);
    const db = database.db;
    const { config, accepted } = await acceptThree(db, ['alpha', 'beta', 'gamma']);
    // Each statement that writes these tables, as the writes it makes ("delete from intake_queue + ...").
    const { db: spied, sent: writes } = recording(db, /(delete from "intake_queue"|insert into "(messages|message_contents)")/, (sql) =>
      [...sql.matchAll(/(delete from|insert into) "(\w+)"/g)].map((m) => `${m[1]} ${m[2]}`).join(' + '),
    );
    const processing = createIntake({ config, db: spied, preparer: together(3) });
    intakes.push(processing);
    await processing.start();
    await processing.drained();
    expect(writes).toEqual(
      dialect === 'sqlite'
        ? ['delete from intake_queue', 'insert into message_contents', 'insert into messages']
        : ['delete from intake_queue', 'insert into message_contents + insert into messages'],
    );
    const stored = await db.selectFrom('messages').select(['id', 'subject']).orderBy('subject').execute();
    expect(stored).toEqual([
      { id: accepted[0].messageIds[0], subject: 'alpha' },
      { id: accepted[1].messageIds[0], subject: 'beta' },
      { id: accepted[2].messageIds[0], subject: 'gamma' },
    ]);
    const events = await db.selectFrom('events').select('message_id').where('type', '=', 'message.received').orderBy('message_id').execute();
    expect(events.map((e) => e.message_id)).toEqual(accepted.map((a) => a.messageIds[0]).sort());
    expect(await db.selectFrom('message_contents').select('id').execute()).toHaveLength(3);
  });

  it('gives a processor back once its entry is prepared: with INTAKE_CONCURRENCY=1, a burst is stored in fewer commits than messages, each once', async () => {
    database = await openTestDatabase(dialect);
    const db = database.db;
    const config = testConfig({ MAIL_AUTH: 'false', INTAKE_CONCURRENCY: '1' });
    const account = await createAccount(db, `one-${dialect}@example.com`, 'developer');
    const address = await createAddress(db, config, account.id, { prefix: 'one-processor' });
    const accepting = createIntake({ config: testConfig({ MAIL_AUTH: 'false', INTAKE_CONCURRENCY: '0' }), db });
    intakes.push(accepting);
    const subjects = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'];
    const accepted: AcceptedMessage[] = [];
    for (const subject of subjects) accepted.push(await accepting.accept(message(account.id, [address], subject)));
    // Each statement that removes processed entries: one per store commit.
    const { db: spied, sent: removals } = recording(db, /delete from "intake_queue"/);
    // A longer hold than the 10 ms default, so that a busy machine's slower claims and parses still fall inside it.
    const processing = createIntake({ config, db: spied, preparer: { prepare: (raw) => prepareContent(raw), close: async () => undefined }, storeHoldMs: 500 });
    intakes.push(processing);
    await processing.start();
    await processing.drained();
    // One processor that waited for each commit before taking the next entry would make one store commit per message.
    expect(removals.length).toBeGreaterThan(0);
    expect(removals.length).toBeLessThan(subjects.length);
    const stored = await db.selectFrom('messages').select(['id', 'subject']).where('address_id', '=', address.id).orderBy('subject').execute();
    expect(stored).toEqual(subjects.map((subject, i) => ({ id: accepted[i].messageIds[0], subject })));
    const events = await db.selectFrom('events').select('message_id').where('type', '=', 'message.received').where('address_id', '=', address.id).execute();
    expect(events.map((e) => e.message_id).sort()).toEqual(accepted.map((a) => a.messageIds[0]).sort());
  });

  it('stores the others of a batch when one of its messages cannot be stored, and keeps that one queued with why', async () => {
    database = await openTestDatabase(dialect);
    const db = database.db;
    const { config, accepted } = await acceptThree(db, ['first', 'clash', 'third']);
    // The second entry's copy would take the first one's message id: its INSERT fails, and with it the batch.
    const row = await db.selectFrom('intake_queue').select('recipients').where('id', '=', accepted[1].id).executeTakeFirstOrThrow();
    const recipients = JSON.parse(row.recipients) as Array<{ message_id: string }>;
    recipients[0].message_id = accepted[0].messageIds[0];
    await db.updateTable('intake_queue').set({ recipients: JSON.stringify(recipients) }).where('id', '=', accepted[1].id).execute();

    // A failed entry waits a minute before its next attempt: what is stored below was stored at the first.
    const processing = createIntake({ config, db, preparer: together(3), retryDelayMs: () => 60_000 });
    intakes.push(processing);
    await processing.start();
    // Waits until the queue holds just the entry that failed: the others' stores (which delete their entries in the
    // same transaction) may still be committing when the failed one is given back.
    await expect
      .poll(async () => (await db.selectFrom('intake_queue').select(['id', 'last_error']).execute()).map((q) => q.last_error !== null))
      .toEqual([true]);
    // Tried on their own, the two that want the same id race for it: one is stored, the other stays queued.
    const stored = await db.selectFrom('messages').select(['id', 'subject']).execute();
    const clashWinner = stored.find((m) => m.id === accepted[0].messageIds[0])?.subject;
    expect(['first', 'clash']).toContain(clashWinner);
    expect(stored).toHaveLength(2);
    expect(stored).toContainEqual({ id: accepted[2].messageIds[0], subject: 'third' });
    const left = await db.selectFrom('intake_queue').select(['id', 'attempts']).execute();
    expect(left.map((q) => [q.id, Number(q.attempts)])).toEqual([[clashWinner === 'first' ? accepted[1].id : accepted[0].id, 1]]);
  });

  it('gives no copy to an address deleted after the 250, stores the others, and stores nothing when none is left', async () => {
    const config = testConfig({ MAIL_AUTH: 'false' });
    database = await openTestDatabase(dialect);
    const db = database.db;
    const account = await createAccount(db, `gone-${dialect}@example.com`, 'developer');
    const [stays, goes, alone] = await Promise.all(['stays', 'goes', 'alone'].map((prefix) => createAddress(db, config, account.id, { prefix })));
    const accepting = createIntake({ config, db });
    intakes.push(accepting);
    const both = await accepting.accept(message(account.id, [stays, goes], 'both'));
    await accepting.accept(message(account.id, [alone], 'lonely'));
    await deleteAddress(db, account.id, goes.address);
    await deleteAddress(db, account.id, alone.address);

    const processing = createIntake({ config, db, preparer: together(2) });
    intakes.push(processing);
    await processing.start();
    await processing.drained();
    expect(await db.selectFrom('messages').select(['id', 'address_id', 'subject']).execute()).toEqual([{ id: both.messageIds[0], address_id: stays.id, subject: 'both' }]);
    expect((await db.selectFrom('events').select('message_id').where('type', '=', 'message.received').execute()).map((e) => e.message_id)).toEqual([both.messageIds[0]]);
    expect(await db.selectFrom('message_contents').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('intake_queue').select('id').execute()).toEqual([]);
  });

  it('with onlyLive, checks the addresses of the acceptances committed together in one read, and queues only what is live', async () => {
    const config = testConfig({ MAIL_AUTH: 'false' });
    database = await openTestDatabase(dialect);
    const db = database.db;
    const account = await createAccount(db, `live-${dialect}@example.com`, 'developer');
    const [kept, dropped, lone] = await Promise.all(['kept', 'dropped', 'lone'].map((prefix) => createAddress(db, config, account.id, { prefix })));
    await deleteAddress(db, account.id, dropped.address);
    await deleteAddress(db, account.id, lone.address);
    const { db: spied, sent: reads } = recording(db, /^(select .* from "addresses"|insert into "intake_queue")/, (sql) => sql.split(' ')[0]);
    const intake = createIntake({ config, db: spied });
    intakes.push(intake);
    const [partly, none] = await Promise.allSettled([
      intake.accept(message(account.id, [dropped, kept], 'partly'), { onlyLive: true }),
      intake.accept(message(account.id, [lone], 'none'), { onlyLive: true }),
    ]);
    expect(reads).toEqual(['select', 'insert']);
    expect(none.status === 'rejected' && none.reason).toBeInstanceOf(NoRecipientLeft);
    expect(partly.status).toBe('fulfilled');
    const accepted = (partly as PromiseFulfilledResult<Awaited<ReturnType<Intake['accept']>>>).value;
    expect(accepted.messageIds).toHaveLength(1);
    const queued = await db.selectFrom('intake_queue').select(['id', 'recipients']).execute();
    expect(queued.map((q) => [q.id, (JSON.parse(q.recipients) as Array<{ address_id: string; message_id: string }>).map((r) => [r.address_id, r.message_id])])).toEqual([
      [accepted.id, [[kept.id, accepted.messageIds[0]]]],
    ]);
  });

  /**
   * `db` whose next commit, once armed, fails before its transaction starts — as when the store has gone away. With
   * `statements` (kysely's node kinds, such as 'InsertQueryNode'), so does the next statement of one of those kinds (a
   * write that runs without a transaction: the acceptances on PostgreSQL); a plugin sees each statement as it is built.
   */
  function failingOnce(db: Database['db'], statements: string[] = []) {
    let armed = false;
    const gone = () => {
      armed = false;
      return new Error('Connection terminated unexpectedly');
    };
    // Any chain of builder calls, whose execute fails.
    const fail: () => unknown = () =>
      new Proxy(
        {},
        {
          get: (_target, prop) =>
            prop === 'execute'
              ? async () => {
                  throw gone();
                }
              : fail,
        },
      );
    const failing =
      statements.length === 0
        ? db
        : db.withPlugin({
            transformQuery: (args) => {
              if (armed && statements.includes(args.node.kind)) throw gone();
              return args.node;
            },
            transformResult: async (args) => args.result,
          });
    const proxied = new Proxy(failing, {
      get(target, prop) {
        if (armed && (prop === 'transaction' || prop === 'connection')) return fail;
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    return { db: proxied, arm: () => (armed = true) };
  }

  it('accepts again after a commit failed before its transaction began', async () => {
    const config = testConfig({ MAIL_AUTH: 'false' });
    database = await openTestDatabase(dialect);
    const account = await createAccount(database.db, `begin-${dialect}@example.com`, 'developer');
    const address = await createAddress(database.db, config, account.id, { prefix: 'begin' });
    const store = failingOnce(database.db, ['InsertQueryNode']);
    const intake = createIntake({ config, db: store.db });
    intakes.push(intake);
    const send = (subject: string) =>
      intake.accept(message(account.id, [address], subject));
    store.arm();
    await expect(send('refused')).rejects.toThrow('Connection terminated unexpectedly');
    const accepted = await send('accepted');
    expect((await database.db.selectFrom('intake_queue').select('id').execute()).map((q) => q.id)).toEqual([accepted.id]);
  });

  it('stores again, in batches, after a storing commit failed before its transaction began', async () => {
    const config = testConfig({ MAIL_AUTH: 'false' });
    database = await openTestDatabase(dialect);
    const db = database.db;
    const account = await createAccount(db, `restore-${dialect}@example.com`, 'developer');
    const address = await createAddress(db, config, account.id, { prefix: 'restore' });
    const { db: spied, sent: deletes } = recording(db, /delete from "intake_queue"/);
    const store = failingOnce(spied);
    const batch = together(3);
    let armed = false;
    const preparer: ContentPreparer = {
      async prepare(raw) {
        if (raw.toString().includes('later')) return batch.prepare(raw);
        const prepared = await prepareContent(raw);
        // The commit after this preparation (the message's store) fails before it begins, once.
        if (raw.toString().includes('retried') && !armed) armed = store.arm();
        return prepared;
      },
      close: async () => undefined,
    };
    const accepting = createIntake({ config, db });
    intakes.push(accepting);
    const send = (subject: string) =>
      accepting.accept(message(account.id, [address], subject));
    const retried = await send('retried');
    const processing = createIntake({ config, db: store.db, preparer, retryDelayMs: () => 10 });
    intakes.push(processing);
    await processing.start();
    await processing.drained();
    expect(deletes).toHaveLength(1);
    // Three more, processed together: one batch again, not three stores one by one.
    const later = await Promise.all(['later-1', 'later-2', 'later-3'].map(send));
    await processing.drained();
    expect(deletes).toHaveLength(2);
    const stored = await db.selectFrom('messages').select(['id', 'subject']).orderBy('subject').execute();
    expect(stored).toEqual([
      ...later.map((a, i) => ({ id: a.messageIds[0], subject: `later-${i + 1}` })),
      { id: retried.messageIds[0], subject: 'retried' },
    ]);
  });
});
