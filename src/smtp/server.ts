import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pLimit from 'p-limit';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import './greeting.js';
import './auth-tls.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { isStoreFull } from '../db/dialect.js';
import { resolveRecipient } from '../mail/addresses.js';
import { RecipientCache } from '../mail/recipient-cache.js';
import { silentLogger, type Logger } from '../platform/logger.js';
import { createInboundLimiter, type InboundLimiter } from '../mail/inbound-limit.js';
import { createIntake, NoRecipientLeft, type Intake } from '../mail/ingest/intake.js';
import { createSpool, LARGE_INGESTIONS, removeStaleSpoolFiles } from './spool.js';
import { faultAt, type FaultOutcome, type FaultStage } from '../mail/faults.js';
import type { Metrics, RefusalReason } from '../platform/metrics.js';
import { defaultCaptureSandbox, sandboxForSmtpLogin, sandboxRecipient, type SandboxWithMailbox } from '../mail/sandboxes.js';
import type { IntakeRecipient } from '../db/intake.js';
import { createAuthFailureLimiter, type AuthFailureLimiter } from './auth-limit.js';

export interface SmtpDeps {
  config: Config;
  db: Db;
  logger?: Logger;
  /** Sessions, stored and refused messages for /metrics. */
  metrics?: Metrics;
  /** RATE_LIMIT_INBOUND's counter (shared through Redis by src/main.ts); in memory by default. */
  inbound?: InboundLimiter;
  /**
   * Where accepted messages go (src/mail/ingest/intake.ts). src/runtime.ts passes the one it starts and stops; a
   * listener built without one (tests, benches) makes its own and runs it from listen() to close().
   */
  intake?: Intake;
  /** Failed AUTH attempts (shared through Redis by src/runtime.ts); in memory by default. */
  authLimiter?: AuthFailureLimiter;
  /** The RCPT TO look-up's cache (src/runtime.ts passes the context's, which the event feed keeps true on every
   * instance); by default one that learns only of this process's own commits. */
  recipients?: RecipientCache;
}

export interface SmtpListener {
  /** Resolves with the bound port (useful with port 0). */
  listen(port: number, host: string): Promise<number>;
  /** The implicit-TLS listener (SMTPS_PORT; needs SMTP_TLS_CERT and SMTP_TLS_KEY); resolves with its port. */
  listenTls(port: number, host: string): Promise<number>;
  /** Stops accepting connections, lets open sessions finish (up to the close timeout) and waits for every
   * message being queued to commit (and, with an intake of its own, for the messages being processed). */
  close(): Promise<void>;
  /** The intake this listener queues into. */
  intake: Intake;
}

const SOCKET_TIMEOUT_MS = 60_000;
/** A spool file this old belongs to no live transaction (longer than any transaction may take). */
const SPOOL_STALE_MS = 24 * 3600_000;

/** Replies carry their own RFC 3463 enhanced status code in the text (see hideENHANCEDSTATUSCODES below). */
function reply(responseCode: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode });
}

/** Thrown by a stage whose fault rule drops the connection: the socket is destroyed and nothing is answered. */
class Disconnect extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const tooBig = () => reply(552, '5.3.4 Message too big');
const mailboxUnavailable = () => reply(550, '5.1.1 Mailbox unavailable');
const temporaryFailure = () => reply(451, '4.3.0 Temporary failure, try again');
const busy = () => reply(451, '4.3.2 System busy, try again later');
/** The store has no room (a full disk): RFC 5321's 452 and RFC 3463's "mail system full", as Postfix answers it. */
const insufficientStorage = () => reply(452, '4.3.1 Insufficient system storage');

/** What an authenticated session carries (smtp-server keeps it as `session.user`). */
interface SandboxUser {
  sandbox: SandboxWithMailbox;
}
const sandboxOf = (session: SMTPServerSession): SandboxWithMailbox | undefined => (session.user as SandboxUser | undefined)?.sandbox;

/**
 * The SMTP listener. Unauthenticated, it accepts mail for live addresses on the served domains (never relays);
 * a client that logs in with a sandbox's credentials (AUTH PLAIN or LOGIN) may send to any recipient, and every
 * message is captured into that sandbox, never relayed. With SMTP_CAPTURE_ALL, unauthenticated mail for recipients
 * that are not live addresses is captured into the first account's `default` sandbox instead of refused. It answers
 * 250 to DATA once the message and its envelope are committed to the intake queue, so an acknowledged message
 * survives a crash right after it; processors store it afterwards (src/mail/ingest/intake.ts).
 */
export function createSmtpServer(deps: SmtpDeps): SmtpListener {
  const { config, db } = deps;
  const logger = deps.logger ?? silentLogger;
  const inFlight = new Set<Promise<unknown>>();
  const inbound = deps.inbound ?? createInboundLimiter(config.rateLimits.inbound, config.rateLimits.windowMs);
  const spoolDir = path.join(config.dataDir, 'spool');
  // Spooled (large) messages read back and queued a few at a time; the others wait (their senders wait for the 250).
  const largeIngestions = pLimit(LARGE_INGESTIONS);
  const ownIntake = deps.intake === undefined;
  const intake = deps.intake ?? createIntake({ config, db, logger, metrics: deps.metrics });
  const recipients = deps.recipients ?? RecipientCache.over(db);
  const findRecipient = (address: string) => recipients.find(address);
  // Per session: what each accepted RCPT TO resolved to (lower-cased recipient → address), queued with the message.
  const resolved = new Map<string, Map<string, { address_id: string; account_id: string; address: string }>>();
  // Per session (SMTP_CAPTURE_ALL): the recipients of this transaction that go to the default sandbox.
  const captured = new Map<string, string[]>();
  const authLimiter = deps.authLimiter ?? createAuthFailureLimiter(config.smtpAuthLimits);
  // Open connections per client IP (SMTP_MAX_CLIENTS_PER_IP), and the sessions counted in it.
  const perIp = new Map<string, number>();
  const counted = new Set<string>();
  // SMTP_TRANSACTION_TIMEOUT_MS: one deadline per session, from the connection (or its previous message's answer)
  // to the end of its next message. The idle socket timeout alone is reset by every byte, so a client dripping one
  // byte at a time would otherwise keep its connection, and a slot of SMTP_MAX_CLIENTS, for ever.
  const deadlines = new Map<string, NodeJS.Timeout>();
  const armDeadline = (session: SMTPServerSession) => {
    clearTimeout(deadlines.get(session.id));
    const timer = setTimeout(() => {
      deadlines.delete(session.id);
      const connection = connectionOf(session);
      if (!connection) return;
      deps.metrics?.messagesRefused.inc({ reason: 'transaction_timeout' });
      logger.warn({ session: session.id, remote: session.remoteAddress }, 'smtp transaction time limit exceeded');
      // 421 closes the connection; a message being received is dropped (its data stream errors), never stored.
      connection.send(421, '4.4.2 Transaction time limit exceeded, closing connection');
    }, config.smtpTransactionTimeoutMs);
    timer.unref();
    deadlines.set(session.id, timer);
  };
  const stopDeadline = (session: SMTPServerSession) => {
    clearTimeout(deadlines.get(session.id));
    deadlines.delete(session.id);
  };
  const refused = (reason: RefusalReason, err: Error): Error => {
    deps.metrics?.messagesRefused.inc({ reason });
    return err;
  };
  /**
   * The session's connection, for the transaction deadline (answer 421) and a `disconnect` fault (close without an
   * answer): smtp-server hands handlers the session, and keeps its open connections, each with the session's id.
   */
  type Connection = { id: string; send(code: number, text: string): void; close(): void };
  const connectionOf = (session: SMTPServerSession): Connection | undefined => {
    for (const c of (server as unknown as { connections: Set<Connection> }).connections) if (c.id === session.id) return c;
    return undefined;
  };
  // Per session: the accepted recipients of this transaction whose address has a fault profile (checked at DATA).
  const faulty = new Map<string, Set<string>>();

  /** Applies a fault rule's outcome at a stage: holds the answer, then refuses, drops, or lets it go on. */
  async function applyFault(outcome: FaultOutcome & { stage?: FaultStage }, session: SMTPServerSession): Promise<void> {
    if (outcome.delayMs > 0) await sleep(outcome.delayMs);
    if (outcome.kind === 'pass') return;
    deps.metrics?.messagesRefused.inc({ reason: 'fault' });
    if (outcome.kind === 'disconnect') throw new Disconnect();
    // A mail-stage rule refuses the whole transaction: the sender has to start again with MAIL FROM.
    if (outcome.stage === 'mail') {
      session.envelope.mailFrom = false;
      session.envelope.rcptTo.length = 0;
      faulty.delete(session.id);
    }
    throw reply(outcome.code, outcome.message);
  }

  const faultContext = (session: SMTPServerSession) => ({
    clientIp: session.remoteAddress,
    mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
  });

  function drop(session: SMTPServerSession): void {
    connectionOf(session)?.close();
  }

  async function checkRecipient(recipient: string, session: SMTPServerSession): Promise<void> {
    const key = recipient.toLowerCase();
    // A repeated RCPT for an accepted address replaces the earlier one (smtp-server keeps one entry), so it does
    // not count towards the limit and the message is stored once.
    const repeated = session.envelope.rcptTo.some((r) => r.address.toLowerCase() === key);
    if (!repeated && session.envelope.rcptTo.length >= config.maxRecipients) {
      throw refused('too_many_recipients', reply(452, '4.5.3 Too many recipients'));
    }
    const sandbox = sandboxOf(session);
    if (sandbox) {
      // Logged in: any recipient, captured into the sandbox (one copy, whatever the recipients), never relayed.
      // The message counts once against the account's inbound allowance, at its first recipient.
      if (session.envelope.rcptTo.length === 0 && !(await inbound.take(sandbox.account_id))) {
        throw refused('inbound_rate_limited', reply(451, '4.7.1 Too much mail for this account right now, try again later'));
      }
      return;
    }
    const state = await resolveRecipient(db, config, recipient, new Date(), findRecipient);
    if ((state.kind === 'relay' || state.kind === 'unknown') && config.smtpCaptureAll) {
      const list = captured.get(session.id) ?? [];
      if (!list.some((r) => r.toLowerCase() === key)) list.push(recipient);
      captured.set(session.id, list);
      return;
    }
    if (state.kind === 'relay') throw refused('relay', reply(550, '5.7.1 Relaying denied'));
    if (state.kind === 'unknown') throw refused('unknown_recipient', mailboxUnavailable());
    const seen = resolved.get(session.id) ?? new Map();
    resolved.set(session.id, seen.set(key, { address_id: state.addressId, account_id: state.accountId, address: state.address }));
    if (state.faults) {
      await applyFault(await faultAt(db, state.addressId, 'rcpt', faultContext(session)), session);
      const set = faulty.get(session.id) ?? new Set<string>();
      faulty.set(session.id, set.add(state.addressId));
    }
    // Each accepted recipient counts against its account's inbound allowance; past it senders are told to retry.
    if (!repeated && !(await inbound.take(state.accountId))) {
      throw refused('inbound_rate_limited', reply(451, '4.7.1 Too much mail for this account right now, try again later'));
    }
  }

  async function store(raw: Buffer, session: SMTPServerSession): Promise<string> {
    for (const addressId of faulty.get(session.id) ?? []) {
      await applyFault(await faultAt(db, addressId, 'data', faultContext(session)), session);
    }
    if (await intake.full()) throw refused('intake_full', busy());
    const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const recipients: Array<Omit<IntakeRecipient, 'message_id'>> = [];
    const sandbox = sandboxOf(session);
    if (sandbox) {
      recipients.push(sandboxRecipient(sandbox, { mail_from: mailFrom, rcpt_to: session.envelope.rcptTo.map((r) => r.address) }, 'smtp'));
    } else {
      const toCapture = captured.get(session.id) ?? [];
      if (toCapture.length > 0) {
        const target = await defaultCaptureSandbox(db, config);
        if (target) recipients.push(sandboxRecipient(target, { mail_from: mailFrom, rcpt_to: toCapture }, 'smtp'));
      }
    }
    // One copy per address: several recipients landing on one catch-all get one.
    const byAddress = new Map<string, { rcpt: string; address_id: string; account_id: string; address: string }>();
    const seen = resolved.get(session.id);
    for (const r of session.envelope.rcptTo) {
      const target = seen?.get(r.address.toLowerCase());
      if (target && !byAddress.has(target.address_id)) byAddress.set(target.address_id, { rcpt: r.address, ...target });
    }
    const all = [...recipients, ...byAddress.values()];
    if (all.length === 0) throw refused('unknown_recipient', mailboxUnavailable());
    // Nothing else before the 250: no parse, no DNS; the processors do that once the entry is durable. `onlyLive`: a
    // recipient deleted or expired since RCPT TO gets no copy, checked in the transaction that queues the message
    // (one read for all the acceptances it commits), and with none left the sender hears so. (Processing later stores
    // a copy for every address that still exists: it was live when accepted. A sandbox deleted since AUTH is gone
    // from this read too.)
    let accepted;
    try {
      accepted = await intake.accept(
        {
          raw,
          mailFrom,
          recipients: all,
          clientIp: session.remoteAddress,
          helo: session.hostNameAppearsAs ?? '',
          tls: session.secure ? { protocol: null, cipher: (session.tlsOptions as { name?: string } | false | undefined) ? ((session.tlsOptions as { name?: string }).name ?? null) : null } : null,
          auth: sandbox ? { sandbox_id: sandbox.id, method: 'smtp' } : null,
        },
        { onlyLive: true },
      );
    } catch (err) {
      if (err instanceof NoRecipientLeft) throw refused('unknown_recipient', mailboxUnavailable());
      throw err;
    }
    deps.metrics?.messagesAccepted.inc(accepted.messageIds.length);
    logger.info({ session: session.id, bytes: raw.length, entry: accepted.id, messages: accepted.messageIds }, 'smtp message queued');
    const ids = accepted.messageIds;
    return `2.0.0 Ok: queued ${ids.length === 1 ? ids[0] : `${ids.length} copies as ${accepted.id}`}`;
  }

  function receive(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null, message?: string) => void): void {
    const spool = createSpool(spoolDir);
    let answered = false;
    const answer = (err: Error | null, text?: string) => {
      if (answered) return;
      answered = true;
      callback(err, text);
      // The next message gets a deadline of its own.
      if (counted.has(session.id)) armDeadline(session);
    };
    stream.on('data', (chunk: Buffer) => {
      // Past the limit the rest is only drained, never held in memory.
      if (stream.sizeExceeded) return;
      // A large message goes to disk while it arrives; the stream waits while the disk catches up.
      if (!spool.write(chunk)) {
        stream.pause();
        spool.drained(() => stream.resume());
      }
    });
    stream.once('error', (err) => {
      logger.warn({ session: session.id, err }, 'smtp data stream failed');
      void spool.discard();
      answer(temporaryFailure());
    });
    stream.once('end', () => {
      // The message is in: storing it is ours to finish (a 250 must mean committed), whatever the deadline.
      stopDeadline(session);
      if (stream.sizeExceeded) {
        void spool.discard();
        return answer(refused('too_big', tooBig()));
      }
      // Spooled messages are stored a few at a time, so many large ones arriving together never all sit in memory.
      const work = (spool.spooled ? largeIngestions : (fn: () => Promise<string>) => fn())(async () => store(await spool.read(), session))
        .finally(() => spool.discard())
        .then(
          (text) => answer(null, text),
          (err: unknown) => {
            if (err instanceof Disconnect) return drop(session);
            if (err instanceof Error && 'responseCode' in err) return answer(err);
            if (isStoreFull(err)) {
              logger.error({ session: session.id, err }, 'smtp message not queued: the store has no room (disk full)');
              return answer(refused('storage_full', insufficientStorage()));
            }
            logger.error({ session: session.id, err }, 'smtp message could not be stored');
            answer(refused('error', temporaryFailure()));
          },
        );
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    });
  }

  /** AUTH PLAIN/LOGIN with a sandbox's SMTP user name (its id) and password; failures are throttled (auth-limit.ts). */
  async function authenticate(username: string, password: string, session: SMTPServerSession): Promise<SandboxUser> {
    const ip = session.remoteAddress;
    if (await authLimiter.blocked(ip, username)) {
      throw refused('auth_throttled', reply(454, '4.7.0 Too many failed authentication attempts, try again later'));
    }
    const sandbox = await sandboxForSmtpLogin(db, username, password);
    if (!sandbox) {
      await authLimiter.failed(ip, username);
      logger.warn({ session: session.id, remote: ip, username }, 'smtp authentication failed');
      throw refused('auth_failed', reply(535, '5.7.8 Authentication credentials invalid'));
    }
    return { sandbox };
  }

  const options: SMTPServerOptions & { greetingDelayMs: number; authRequiresTls: boolean } = {
    // Greeting: "220 <SMTP_HOSTNAME> ESMTP Ephemail"; EHLO answers with the same name.
    name: config.smtpHostname,
    banner: 'Ephemail',
    size: config.maxMessageSize,
    authOptional: true,
    authMethods: ['PLAIN', 'LOGIN'],
    // STARTTLS only with a certificate (SMTP_TLS_CERT, SMTP_TLS_KEY).
    disabledCommands: config.smtpTls ? [] : ['STARTTLS'],
    ...(config.smtpTls ? { key: config.smtpTls.key, cert: config.smtpTls.cert } : {}),
    // SMTP_AUTH_ALLOW_INSECURE=false: AUTH before TLS answers 538 5.7.11 (./auth-tls.ts); smtp-server's own check,
    // with its own wording, stays off.
    allowInsecureAuth: true,
    authRequiresTls: !config.smtpAuthAllowInsecure,
    onAuth(auth, session, callback) {
      authenticate(auth.username ?? '', auth.password ?? '', session).then(
        (user) => callback(null, { user }),
        (err: unknown) => {
          if (err instanceof Error && 'responseCode' in err) return callback(err);
          logger.error({ session: session.id, err }, 'smtp authentication could not be checked');
          callback(reply(454, '4.7.0 Temporary authentication failure, try again later'));
        },
      );
    },
    disableReverseLookup: true,
    // smtp-server would prefix a code-derived enhanced status (550 → 5.1.1 even for a relay refusal); our reply
    // texts carry the right one themselves.
    hideENHANCEDSTATUSCODES: true,
    socketTimeout: SOCKET_TIMEOUT_MS,
    // Read by the greeting override in ./greeting.ts (smtp-server's own delay is a fixed 100 ms).
    greetingDelayMs: config.smtpGreetingDelayMs,
    // Open sessions get half the shutdown budget to finish; those still connected then get 421 and retry later.
    closeTimeout: Math.floor(config.shutdownTimeoutMs / 2),
    logger: false,
    onMailFrom(address, session, callback) {
      faulty.delete(session.id); // a new transaction
      resolved.delete(session.id);
      captured.delete(session.id);
      // smtp-server already refuses a declared SIZE over `size` before calling us; this keeps the rule true should
      // the limit ever be hidden from EHLO (hideSize).
      const declared = Number((address.args as Record<string, string | undefined>).SIZE ?? 0);
      callback(declared > config.maxMessageSize ? refused('too_big', tooBig()) : null);
    },
    onRcptTo(address, session, callback) {
      checkRecipient(address.address, session).then(
        () => callback(),
        (err: unknown) => {
          if (err instanceof Disconnect) return drop(session);
          if (err instanceof Error && 'responseCode' in err) return callback(err);
          logger.error({ session: session.id, err }, 'smtp recipient check failed');
          callback(temporaryFailure());
        },
      );
    },
    onData: receive,
    // SMTP_MAX_CLIENTS is smtp-server's own cap (421 past it); the per-IP cap is counted here.
    maxClients: config.smtpMaxClients,
    onConnect(session, callback) {
      deps.metrics?.smtpSessions.inc();
      deps.metrics?.smtpConnections.inc();
      const ip = session.remoteAddress;
      const open = (perIp.get(ip) ?? 0) + 1;
      perIp.set(ip, open);
      counted.add(session.id);
      armDeadline(session);
      if (open > config.smtpMaxClientsPerIp) {
        deps.metrics?.messagesRefused.inc({ reason: 'too_many_connections' });
        return callback(reply(421, `4.7.0 Too many connections from ${ip}, try again later`));
      }
      callback();
    },
    onClose(session) {
      deps.metrics?.smtpConnections.dec();
      faulty.delete(session.id);
      resolved.delete(session.id);
      captured.delete(session.id);
      stopDeadline(session);
      if (!counted.delete(session.id)) return;
      const left = (perIp.get(session.remoteAddress) ?? 1) - 1;
      if (left > 0) perIp.set(session.remoteAddress, left);
      else perIp.delete(session.remoteAddress);
    },
  };
  const server = new SMTPServer(options);
  server.on('error', (err) => logger.warn({ err }, 'smtp connection error'));
  // SMTPS_PORT: the same listener behind implicit TLS (created when it is opened).
  let tlsServer: SMTPServer | undefined;
  const listenOn = (smtp: SMTPServer, port: number, host: string) =>
    new Promise<number>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.server.listen(port, host, () => {
        smtp.server.off('error', reject);
        resolve((smtp.server.address() as AddressInfo).port);
      });
    });

  return {
    intake,
    async listen(port, host) {
      // Files a killed process left in the spool: their senders never got a 250 and will send again.
      removeStaleSpoolFiles(spoolDir, SPOOL_STALE_MS);
      if (ownIntake) await intake.start();
      return listenOn(server, port, host);
    },
    async listenTls(port, host) {
      if (!config.smtpTls) throw new Error('SMTPS needs SMTP_TLS_CERT and SMTP_TLS_KEY');
      tlsServer ??= new SMTPServer({ ...options, secure: true });
      tlsServer.on('error', (err) => logger.warn({ err }, 'smtps connection error'));
      return listenOn(tlsServer, port, host);
    },
    async close() {
      const closing = [server, tlsServer].filter((s): s is SMTPServer => s !== undefined && s.server.listening);
      await Promise.all(closing.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      await Promise.allSettled([...inFlight]);
      if (ownIntake) await intake.stop();
    },
  };
}
