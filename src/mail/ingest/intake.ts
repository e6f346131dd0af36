import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { dialectOf, isStoreFull, isStoreUnavailable, STORE_FULL_RETRY_AFTER_SECONDS } from '../../db/dialect.js';
import { batchedWrite, commitGrouped } from '../../db/group-commit.js';
import type { Emit } from '../../db/events.js';
import {
  claimIntakeEntries,
  clearIntakeLeases,
  existingAddressIds,
  insertIntakeEntries,
  intakeBacklog,
  releaseIntakeEntry,
  returnIntakeEntries,
  takeIntakeEntries,
  type IntakeEntry,
  type NewIntakeEntry,
  type IntakeRecipient,
} from '../../db/intake.js';
import { silentLogger, type Logger } from '../../platform/logger.js';
import { memoryRelease, type MemoryRelease } from '../../platform/memory.js';
import type { Metrics } from '../../platform/metrics.js';
import { acceptanceRate } from './burst.js';
import { createContentPreparer, type ContentPreparer } from './intake-pool.js';
import { mailAuthenticatorFrom, type MailAuthenticator, type MailAuthSettings } from './mail-auth.js';
import type { PreparedContent } from './prepare.js';
import { writeMessages, type CopyRecipient, type MessageToWrite } from './store.js';
import { newId } from '../../platform/ids.js';

/**
 * The intake queue: SMTP acknowledges a message once it and its envelope are durably queued (accept), and
 * processors do the rest afterwards — parse, SPF/DKIM/DMARC, codes and links, compression, every recipient's copy
 * and its `message.received` event, and the removal of the entry, in one transaction. At least once, never twice:
 * an entry is claimed with a lease (or handed over with one as it is queued: HAND_OVER_PER_PROCESSOR), a processor
 * that dies leaves it to be claimed again when the lease runs out, and the transaction that stores the copies deletes
 * the entry (a second processor finding it gone stores nothing), with the message ids chosen at acceptance.
 */

/** How often a processor tries again to give back an entry it could not store (while its lease lasts). */
const RELEASE_RETRY_MS = 1000;

/** After this many claims that failed for the message's sake (not the store's: away or full), an entry is stored as far
 * as it can be: its raw source, marked with why. */
export const MAX_ATTEMPTS = 5;
/** Longest a DNS answer of the checks is kept, whatever its TTL says (a shorter TTL is honoured:
 * src/platform/dns-cache.ts): how stale a changed SPF, DKIM or DMARC record can be at most. */
const DNS_MAX_TTL_SECONDS = 300;
/** How long depth read from the store stands for the backpressure check (each acceptance adds to it meanwhile). */
const DEPTH_CACHE_MS = 100;
/**
 * During a burst, the processors' stores gather this long before they commit (batchedWrite's holdMs): a commit
 * rewrites the last page of every table and index it touches, so fewer, larger commits write less for the same
 * messages. A message processed after a pause is committed at once; under load it becomes visible up to this much later.
 */
const STORE_HOLD_MS = 10;
/**
 * Mail has stopped arriving, for giving memory back (memory.idle), when nothing was accepted for this long: during a
 * burst messages come a few milliseconds apart, and an emptied queue is looked at again once this has passed.
 */
const QUIET_MS = 25;
/**
 * The clock alone cannot tell that mail has stopped: it runs on while the event loop itself is held up (a slow sync to
 * disk, a long collection, the process not scheduled), and meanwhile the senders' next commands wait unread in their
 * sockets — the first look after such a pause saw no acceptance for 25 ms in the middle of a burst, and gave memory
 * back there (BENCHMARKS.md, intake, session 48). So only the look-again timer, armed when the queue was found empty,
 * vouches for it: when it runs no more than this much later than it was due (the loop was free to read the senders
 * all along) and no acceptance began since it was armed.
 */
const LATE_MS = 10;
/** How often processors held back by a burst look again whether it is over. */
const BURST_RECHECK_MS = 20;
/**
 * A burst is over once nothing has been accepted for this long and no acceptance is being committed, whatever the
 * rate over the last window still says: during one, acceptances commit a few milliseconds apart (a slow sync to disk,
 * or a long GROUP_COMMIT_DELAY_MS, spaces their commits further, and keeps acceptances under way meanwhile). The window
 * alone kept the processors back for another 100-150 ms after the last message (BENCHMARKS.md, intake, session 37).
 */
const BURST_GAP_MS = 10;
/** A depth older than this says nothing about the backlog a burst left (INTAKE_BURST_BACKLOG): no holding back. */
const BURST_DEPTH_MAX_AGE_MS = 1000;
/**
 * The hand-over: an acceptance this instance's processors can take is queued already leased to them, its first
 * attempt counted (as a claim counts it), and once committed its entry, the source still in memory, goes straight into
 * their hands. Such a message costs no claim (an UPDATE of the entry and a second read of its source, in a commit of
 * its own) and waits for none. Up to this many entries per processor (INTAKE_CONCURRENCY) wait in hand that way —
 * bound to this instance, as claimed entries are, until it stores them, gives them back when it stops, or their lease
 * runs out when it dies.
 */
const HAND_OVER_PER_PROCESSOR = 8;
/** And together at most this many bytes of source: a larger message is queued for a claim, not held meanwhile. */
const HAND_OVER_MAX_BYTES = 8 * 1024 * 1024;

export interface AcceptedMessage {
  /** The queue entry's id. */
  id: string;
  /** One message id per recipient address, in RCPT order. */
  messageIds: string[];
}

export interface Acceptance {
  raw: Buffer;
  mailFrom: string;
  recipients: Array<Omit<IntakeRecipient, 'message_id'>>;
  clientIp: string;
  helo: string;
  /** The session's TLS facts (protocol, cipher) when it was encrypted. */
  tls?: { protocol: string | null; cipher: string | null } | null;
  /** Who authenticated: a sandbox's SMTP user, or the provider API and sandbox an HTTP request came through. */
  auth?: { sandbox_id: string; method: string } | null;
}

export interface IntakeDeps {
  db: Db;
  config: Config;
  logger?: Logger;
  metrics?: Metrics;
  /** SPF/DKIM/DMARC checks; by default MAIL_AUTH's, through DNS_SERVERS and a bounded cache. */
  mailAuth?: MailAuthenticator;
  /** Where parsing, extraction and compression run; by default INTAKE_WORKERS threads. */
  preparer?: ContentPreparer;
  /** How long a failed entry waits before its next attempt (tests shorten it); by default 1 s doubling up to a minute,
   * and a minute when the store was full. */
  retryDelayMs?: (attempts: number) => number;
  /** The time (ms) that the acceptance rate and the depth's age are read by; Date.now by default (tests stop it). */
  now?: () => number;
  /** Gives memory back when the queue empties after a burst; MEMORY_RELEASE_AFTER's by default. */
  memory?: MemoryRelease;
  /** How long the stores of a burst gather before they commit; STORE_HOLD_MS by default (tests lengthen it). */
  storeHoldMs?: number;
}

export interface Intake {
  /**
   * Queues a message (group commit) and answers its ids once it is durable: the SMTP 250 may follow. With
   * `onlyLive`, a recipient whose address was deleted or expired meanwhile is dropped in the committing transaction
   * (one look-up for the whole batch), and with none left nothing is queued and it rejects with NoRecipientLeft.
   */
  accept(message: Acceptance, opts?: { onlyLive?: boolean }): Promise<AcceptedMessage>;
  /** True when the queue holds INTAKE_MAX_QUEUED messages or more: SMTP answers 451 4.3.2 instead of accepting. */
  full(): Promise<boolean>;
  /** Starts INTAKE_CONCURRENCY processors (none with 0: this instance only accepts). */
  start(): Promise<void>;
  /** Stops claiming and waits for the entries being processed to commit or be given back. */
  stop(): Promise<void>;
  /** Resolves once nothing is queued or being processed here (tests; bounded by `timeoutMs`). */
  drained(timeoutMs?: number): Promise<void>;
}

function backoffMs(attempts: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

export function createIntake(deps: IntakeDeps): Intake {
  const { db, config } = deps;
  const logger = deps.logger ?? silentLogger;
  const concurrency = config.intake.concurrency;
  const authSettings: MailAuthSettings = {
    enabled: config.mailAuth.enabled,
    timeoutMs: config.mailAuth.timeoutMs,
    authservId: config.smtpHostname,
    dns: { servers: config.dnsServers, timeoutMs: config.mailAuth.timeoutMs, maxEntries: config.intake.dnsCacheSize, maxTtlSeconds: DNS_MAX_TTL_SECONDS },
  };
  // The checks run where the parsing does: on the worker threads (INTAKE_WORKERS), each with its own DNS cache, unless
  // the processors parse on the event loop or a test supplies its own authenticator or preparer.
  const checksOnWorkers = !deps.mailAuth && !deps.preparer && config.mailAuth.enabled;
  let eventLoopAuth: MailAuthenticator | undefined = deps.mailAuth;
  const mailAuth = (): MailAuthenticator => (eventLoopAuth ??= mailAuthenticatorFrom(authSettings));
  const newPreparer = () => createContentPreparer(config.intake.workers, checksOnWorkers ? { settings: authSettings, concurrency } : undefined, config.intake.workerNice);
  let preparer = deps.preparer;
  let started = false;
  let stopped = false;
  let running = 0;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  /** Claimed and leased, not started yet (oldest first). */
  let claimed: IntakeEntry[] = [];
  let depth = { value: 0, at: 0, added: 0 };
  const clock = deps.now ?? Date.now;
  const accepting = acceptanceRate();
  let recheck: NodeJS.Timeout | undefined;
  let idleRecheck: NodeJS.Timeout | undefined;
  /** When (performance.now()) idleRecheck is due. */
  let idleRecheckDueAt = Infinity;
  let lastAcceptedAt = -Infinity;
  /** Acceptances being committed (until their commit settles): a burst is not over while one is. */
  let acceptancesUnderWay = 0;
  /** Acceptances begun so far: the look-again timer notes the count it was armed at (LATE_MS). */
  let acceptancesBegun = 0;
  /** When (performance.now()) the look-again timer last vouched that mail has stopped; an acceptance withdraws it. */
  let quietVouchedAt = -Infinity;
  /**
   * Whether the queue may hold an entry this instance's processors have not taken: another instance's, one given
   * back, one whose retry is due, or an acceptance queued while their hands were full. While it does, acceptances are
   * queued for a claim rather than handed over, so that they are processed after what was queued before them.
   * Cleared by a claim that finds fewer entries than it asked for, with nothing queued meanwhile (`queuedCount`);
   * set again by every poll (INTAKE_POLL_MS), which finds what other instances queued or gave back.
   */
  let mayBeQueued = true;
  /** Counts acceptances queued without a hand-over: a claim that began before one of them cannot vouch for it. */
  let queuedCount = 0;
  /** Acceptances being committed that will be handed over, with the bytes of their sources. */
  const handing = { entries: 0, bytes: 0 };

  /**
   * Acceptance first (INTAKE_BURST_RATE, off by default): while this instance accepts that many messages a second or
   * more (and has accepted one in the last BURST_GAP_MS, or is committing one), and fewer than INTAKE_BURST_BACKLOG
   * wait, its processors start nothing new. On two cores, processing beside a burst takes the CPU its acknowledgements
   * need (the bench's INTAKE_BURST_RATE rows say what it buys the senders and costs the readers). The queue holds the
   * burst; the processors take it up once it ends or grows past the backlog, which bounds how far behind they fall. A
   * trickle never holds them back.
   */
  function processorsAllowed(): number {
    const { burstRate, burstBacklog } = config.intake;
    if (burstRate === 0) return concurrency;
    const now = clock();
    const paused = acceptancesUnderWay === 0 && now - lastAcceptedAt >= BURST_GAP_MS;
    if (paused || accepting.perSecond(now) < burstRate) return concurrency;
    // The depth SMTP's backpressure check keeps (full()), with what was accepted since it was read.
    if (now - depth.at > BURST_DEPTH_MAX_AGE_MS || depth.value + depth.added >= burstBacklog) return concurrency;
    return 0;
  }

  /**
   * The queue emptied: look again once mail may have stopped (memory.idle), QUIET_MS from now at the soonest — or,
   * given `afterMs`, once a release held back by the last one's interval, or awaiting a quiet spell, may run. The look
   * vouches that mail has stopped when it runs on time with no acceptance begun meanwhile (LATE_MS); it is timed by
   * the event loop's own clock (performance.now), which the intake's (`now`, stopped by tests) does not replace.
   */
  function idleRecheckSoon(afterMs = lastAcceptedAt + QUIET_MS - clock()): void {
    const delayMs = Math.max(QUIET_MS, afterMs) + 1;
    const dueAt = performance.now() + delayMs;
    // One look-again timer at a time, the sooner one: a burst that ends while a quiet spell's release (up to
    // QUIET_RELEASE_MS away) is awaited is looked at again QUIET_MS after it, not when the quiet spell would be over.
    if (idleRecheck) {
      if (idleRecheckDueAt <= dueAt) return;
      clearTimeout(idleRecheck);
    }
    idleRecheckDueAt = dueAt;
    const begun = acceptancesBegun;
    idleRecheck = setTimeout(() => {
      idleRecheck = undefined;
      if (performance.now() - dueAt <= LATE_MS && acceptancesBegun === begun && acceptancesUnderWay === 0) quietVouchedAt = performance.now();
      void pump();
    }, delayMs);
    idleRecheck.unref();
  }

  /** Waiting for a burst to end: look again shortly whether it has (no acceptance may come to wake the processors):
   * once BURST_GAP_MS has passed since the last acceptance, or BURST_RECHECK_MS while one is being committed. */
  function recheckSoon(): void {
    recheck ??= setTimeout(() => {
      recheck = undefined;
      void pump();
    }, acceptancesUnderWay > 0 ? BURST_RECHECK_MS : Math.max(1, Math.min(BURST_RECHECK_MS, lastAcceptedAt + BURST_GAP_MS - clock() + 1)));
  }

  /**
   * Removes processed entries from the queue and stores their messages, in the caller's transaction: one DELETE for
   * the entries with one look-up of the recipients' addresses (one deleted since RCPT TO gets no copy; an entry with
   * no recipient left stores nothing), then the messages (insertMessages; on PostgreSQL each of the two is one
   * statement). Sets each item's `stored` (false: the
   * entry was gone, another processor stored it first, and nothing of it is written) and `copies`.
   */
  async function storeProcessed(trx: Db, emit: Emit, items: Processed[]): Promise<void> {
    const { removed, live } = await takeIntakeEntries(
      trx,
      items.map((i) => i.entry.id),
      items.flatMap((i) => i.message.recipients.map((r) => r.addressId)),
    );
    const messages: MessageToWrite[] = [];
    for (const i of items) {
      i.stored = removed.has(i.entry.id);
      i.copies = i.stored ? i.message.recipients.filter((r) => live.has(r.addressId)) : [];
      if (i.copies.length > 0) messages.push({ ...i.message, recipients: i.copies });
    }
    await writeMessages(trx, emit, messages);
  }

  /**
   * Processed entries committed together (storeProcessed), in the group commit they share. Not synced to disk on their
   * own: lost to a power failure, the entries (synced when accepted) are still queued and are processed again into the
   * same message ids; the next durable commit syncs this one too.
   */
  const storeBatched = batchedWrite(db, storeProcessed, { durable: false, holdMs: deps.storeHoldMs ?? STORE_HOLD_MS });

  /** Commits a processed entry with its batch; a batch that fails is tried entry by entry, so that one entry that
   * cannot be stored does not fail the others with it. */
  async function commitProcessed(item: Processed): Promise<void> {
    const batch = storeBatched(item);
    try {
      await batch.committed;
    } catch (err) {
      if (batch.items.length === 1) throw err;
      await commitGrouped(db, (trx, emit) => storeProcessed(trx, emit, [item]), { durable: false });
    }
  }

  /**
   * Acceptances committed together: one look-up of the addresses of those that must still be live, then one INSERT.
   * An entry left with no recipient is not queued. On PostgreSQL they commit in a lane of their own, beside the
   * processors' stores and claims, and with no transaction around the two statements: the INSERT commits itself
   * (synced), and under READ COMMITTED the look-up in the same transaction would not have held the addresses either.
   */
  const insertAccepted = batchedWrite<Accepting>(db, async (trx, _emit, items) => {
    const checked = items.filter((i) => i.onlyLive);
    if (checked.length > 0) {
      const live = await existingAddressIds(trx, checked.flatMap((i) => i.entry.recipients.map((r) => r.address_id)), new Date().toISOString());
      for (const i of checked) i.entry.recipients = i.entry.recipients.filter((r) => live.has(r.address_id));
    }
    await insertIntakeEntries(trx, items.flatMap((i) => (i.entry.recipients.length > 0 ? [i.entry] : [])));
  }, { lane: 'accept', autocommit: true });

  const metrics = deps.metrics;
  metrics?.setIntakeProbe(() => intakeBacklog(db));
  const memory = deps.memory ?? memoryRelease({ afterMessages: config.intake.memoryReleaseAfter, logger, metrics });

  /**
   * Prepares an entry (parse, checks, extraction, compression), then gives its processor back (`freeProcessor`) before
   * it waits for the commit that stores it: the processor takes the next entry meanwhile, and a batch of stores may
   * gather for STORE_HOLD_MS without holding INTAKE_CONCURRENCY processors idle.
   */
  async function store(entry: IntakeEntry, freeProcessor: () => void): Promise<void> {
    const recipients: CopyRecipient[] = entry.recipients.map((r) => ({
      addressId: r.address_id,
      accountId: r.account_id,
      address: r.address,
      messageId: r.message_id,
      ...(r.sandbox ? { sandbox: { sandboxId: r.sandbox.sandbox_id, envelope: r.sandbox.envelope, via: r.sandbox.via } } : {}),
    }));
    let prepared: PreparedContent;
    let authentication = null;
    if (entry.attempts > MAX_ATTEMPTS) {
      prepared = rawOnly(entry);
    } else {
      preparer ??= newPreparer();
      const ctx = { clientIp: entry.clientIp, helo: entry.helo, mailFrom: entry.mailFrom };
      if (preparer.check) ({ prepared, authentication } = await preparer.check(entry.raw, ctx));
      else [prepared, authentication] = await Promise.all([preparer.prepare(entry.raw), mailAuth().check(entry.raw, ctx)]);
    }
    const item: Processed = { entry, message: { prepared, recipients, receivedAt: new Date(entry.acceptedAt), authentication }, stored: false, copies: [] };
    const committed = commitProcessed(item);
    freeProcessor();
    await committed;
    if (!item.stored) throw new AlreadyStored();
    metrics?.intakeLatency.observe((Date.now() - Date.parse(entry.acceptedAt)) / 1000);
    if (item.copies.length > 0) metrics?.messagesStored.inc(item.copies.length);
    memory.stored(1);
    logger.info({ entry: entry.id, messages: item.copies.map((c) => c.messageId) }, 'intake entry stored');
  }

  async function processOrRelease(entry: IntakeEntry, freeProcessor: () => void): Promise<void> {
    const leaseEnds = Date.now() + config.intake.leaseSeconds * 1000;
    try {
      await store(entry, freeProcessor);
    } catch (err) {
      if (err instanceof AlreadyStored) return;
      metrics?.intakeFailures.inc();
      // A store that is away or full fails every message alike: the attempt is not the message's, and does not bring
      // it nearer to being stored as raw source only (MAX_ATTEMPTS). A full store is tried again once an operator
      // could have freed space, not every second.
      const full = isStoreFull(err);
      const storeFault = full || isStoreUnavailable(err);
      logger.error({ entry: entry.id, attempts: entry.attempts, counted: !storeFault, err }, 'intake entry could not be stored; it stays queued');
      const delayMs = deps.retryDelayMs?.(entry.attempts) ?? (full ? STORE_FULL_RETRY_AFTER_SECONDS * 1000 : backoffMs(entry.attempts));
      const retryAt = new Date(Date.now() + delayMs).toISOString();
      // The store failing usually means the store is away (a PostgreSQL restart): giving the entry back fails too.
      // Try again every second while the lease lasts, so it is taken again soon after the store is back rather than
      // when the lease runs out (INTAKE_LEASE_SECONDS, a minute by default).
      for (;;) {
        try {
          await releaseIntakeEntry(db, entry.id, retryAt, err instanceof Error ? err.message : String(err), !storeFault);
          break;
        } catch (e) {
          if (stopped || Date.now() + RELEASE_RETRY_MS >= leaseEnds) {
            logger.warn({ entry: entry.id, err: e }, 'intake entry could not be released; its lease will run out');
            break;
          }
          await new Promise((r) => setTimeout(r, RELEASE_RETRY_MS));
        }
      }
    }
  }

  /** Whether an acceptance of `size` bytes is handed over to this instance's processors (HAND_OVER_PER_PROCESSOR). */
  function takesOver(size: number): boolean {
    if (!started || stopped || concurrency === 0 || mayBeQueued) return false;
    // A burst that holds the processors back (INTAKE_BURST_RATE) is held in the queue, not in memory.
    if (processorsAllowed() < concurrency) return false;
    if (claimed.length + handing.entries >= concurrency * HAND_OVER_PER_PROCESSOR) return false;
    let bytes = handing.bytes + size;
    for (const e of claimed) bytes += e.raw.length;
    return bytes <= HAND_OVER_MAX_BYTES;
  }

  async function pump(): Promise<void> {
    if (!started || stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopped) {
          const allowed = processorsAllowed();
          if (running >= allowed) {
            if (allowed < concurrency) recheckSoon();
            break;
          }
          if (claimed.length === 0) {
            // Nothing to claim while everything queued is in hand or being stored (mayBeQueued): no query.
            if (mayBeQueued) {
              const now = Date.now();
              const queuedBefore = queuedCount;
              let got: IntakeEntry[] = [];
              // A full set at once, not one entry per freed processor: during a burst the claims (a query and a
              // commit each) are shared by INTAKE_CONCURRENCY messages; the ones not started yet wait here, leased.
              // Through group commit: the claim shares its transaction with the acceptances and stores committing
              // meanwhile. A lease lost to a power failure only lets the entry be claimed again: not synced on its own.
              await commitGrouped(
                db,
                async (trx) => {
                  got = await claimIntakeEntries(trx, new Date(now).toISOString(), new Date(now + config.intake.leaseSeconds * 1000).toISOString(), concurrency);
                },
                { durable: false },
              );
              // Behind the hand-overs that committed while the claim ran, if any: those were accepted while nothing
              // was known to wait in the queue.
              claimed.push(...got);
              if (got.length < concurrency && queuedCount === queuedBefore) mayBeQueued = false;
              // A burst may have begun while the claim ran: look again before starting any of it.
              if (claimed.length > 0 && !stopped) continue;
            }
            // Nothing queued and nothing in hand: a burst that has just been stored may give its memory back. With
            // mail still arriving (QUIET_MS) it goes on; look again once that much has passed with none, or once the
            // last release's interval is over when that holds this one back. None for QUIET_MS by the clock is taken
            // for the burst's end only once a look-again timer vouches for it (LATE_MS): until then, look again.
            if (claimed.length === 0 && inFlight.size === 0 && !stopped) {
              const arriving = clock() - lastAcceptedAt < QUIET_MS;
              if (!arriving && performance.now() - quietVouchedAt > LATE_MS) idleRecheckSoon();
              else {
                quietVouchedAt = -Infinity;
                const left = memory.idle(arriving);
                if (arriving) idleRecheckSoon();
                else if (left !== undefined) idleRecheckSoon(left);
              }
            }
            break;
          }
          const entry = claimed.shift()!;
          running++;
          // The processor is free once the entry is prepared (store), or once its processing ended some other way;
          // the entry stays in flight until its commit settles.
          let holding = true;
          const release = () => {
            if (!holding) return;
            holding = false;
            running--;
            void pump();
          };
          const work = processOrRelease(entry, release).finally(() => {
            inFlight.delete(work);
            release();
            if (inFlight.size === 0) void pump();
          });
          inFlight.add(work);
        }
      } while (again && !stopped);
    } catch (err) {
      logger.warn({ err }, 'intake queue could not be read; trying again at the next poll');
    } finally {
      pumping = false;
    }
  }

  return {
    async accept(message, opts) {
      const handOver = takesOver(message.raw.length);
      const entry: NewIntakeEntry = {
        id: newId('inq'),
        raw: message.raw,
        mailFrom: message.mailFrom,
        recipients: message.recipients.map((r) => ({ ...r, message_id: newId('msg') })),
        clientIp: message.clientIp,
        helo: message.helo,
        tls: message.tls ?? null,
        auth: message.auth ?? null,
        acceptedAt: new Date().toISOString(),
        ...(handOver ? { heldUntil: new Date(Date.now() + config.intake.leaseSeconds * 1000).toISOString() } : {}),
      };
      if (handOver) {
        handing.entries++;
        handing.bytes += message.raw.length;
      } else {
        mayBeQueued = true;
        queuedCount++;
      }
      acceptancesUnderWay++;
      acceptancesBegun++;
      quietVouchedAt = -Infinity;
      try {
        await insertAccepted({ entry, onlyLive: opts?.onlyLive ?? false }).committed;
        if (!handOver) {
          // Once more now that it is queued: a claim that ran meanwhile may have missed it.
          mayBeQueued = true;
          queuedCount++;
        } else if (entry.recipients.length > 0) {
          // Stopped meanwhile (stop() waits for this): given back at once, uncounted, as stop() gives back the rest.
          if (stopped) await returnIntakeEntries(db, [entry.id]).catch((err: unknown) => logger.warn({ err, entry: entry.id }, 'intake entry could not be given back; its lease will run out'));
          else claimed.push({ ...entry, attempts: 1, lastError: null });
        }
      } finally {
        acceptancesUnderWay--;
        if (handOver) {
          handing.entries--;
          handing.bytes -= message.raw.length;
        }
      }
      if (entry.recipients.length === 0) throw new NoRecipientLeft();
      depth.added++;
      accepting.note((lastAcceptedAt = clock()));
      void pump();
      return { id: entry.id, messageIds: entry.recipients.map((r) => r.message_id) };
    },
    async full() {
      if (clock() - depth.at > DEPTH_CACHE_MS) depth = { value: (await intakeBacklog(db)).depth, at: clock(), added: 0 };
      return depth.value + depth.added >= config.intake.maxQueued;
    },
    async start() {
      if (started) return;
      // SQLite is one server's store: no lease in it belongs to a live processor, so a crash's leftovers go at once.
      if (dialectOf(db) === 'sqlite') await clearIntakeLeases(db);
      started = true;
      if (concurrency === 0) return;
      // Loaded now rather than by the first message, which would wait for it.
      preparer ??= newPreparer();
      // A server stopped before the warm-up ends has its pool torn down under it: that is no failure to report.
      preparer.prepare(Buffer.from('Subject: warm-up\r\n\r\n.\r\n')).catch((err: unknown) => {
        if (!stopped) logger.warn({ err }, 'intake worker pool failed to start');
      });
      // The safety net: entries other instances accepted, and entries given back to be tried again later.
      timer = setInterval(() => {
        mayBeQueued = true;
        void pump();
      }, config.intake.pollMs);
      timer.unref();
      void pump();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(recheck);
      clearTimeout(idleRecheck);
      // An acceptance being handed over gives its entry back itself once committed (accept).
      while (pumping || handing.entries > 0) await new Promise((r) => setImmediate(r));
      // Claimed but never started: given back at once, uncounted, for another instance (or the next start) to take.
      const unstarted = claimed.map((e) => e.id);
      claimed = [];
      if (unstarted.length > 0) {
        await returnIntakeEntries(db, unstarted).catch((err: unknown) => logger.warn({ err, entries: unstarted }, 'intake entries could not be given back; their leases will run out'));
      }
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await preparer?.close();
    },
    async drained(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (running === 0 && (await intakeBacklog(db)).depth === 0) return;
        if (Date.now() > deadline) throw new Error('the intake queue did not drain in time');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

class AlreadyStored extends Error {}

/** accept() with `onlyLive`: every recipient's address was deleted or expired before the message could be queued. */
export class NoRecipientLeft extends Error {
  constructor() {
    super('no recipient of the message exists any more');
  }
}

/** An acceptance on its way to the queue (insertAccepted). */
interface Accepting {
  entry: NewIntakeEntry;
  /** Drop recipients whose addresses are gone or expired, in the committing transaction. */
  onlyLive: boolean;
}

/** What an entry that failed MAX_ATTEMPTS times is stored as: its raw source, no parse, and why. */
function rawOnly(entry: IntakeEntry): PreparedContent {
  return {
    content: {
      from: { address: entry.mailFrom, name: '' },
      to: [],
      cc: [],
      subject: null,
      text: null,
      html: null,
      attachments: [],
      parseError: `The message could not be processed (${entry.attempts - 1} attempts; last error: ${entry.lastError ?? 'unknown'}): only its raw source is stored.`,
    },
    codes: [],
    links: [],
    source: { raw: entry.raw, encoding: 'identity', size: entry.raw.length },
  };
}

/** A processed entry on its way to the store (commitProcessed). */
interface Processed {
  entry: IntakeEntry;
  /** Its message, for every recipient accepted at RCPT TO. */
  message: MessageToWrite;
  /** Set in the committing transaction: whether the entry was still queued, so its message was stored. */
  stored: boolean;
  /** Set in the committing transaction: the recipients whose addresses still existed, each of which got a copy. */
  copies: CopyRecipient[];
}
