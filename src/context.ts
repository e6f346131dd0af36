import fs from 'node:fs';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { configureGroupCommit } from './db/group-commit.js';
import { KeyAuthenticator } from './identity/keys.js';
import { SessionAuthenticator } from './identity/sessions.js';
import { createHtmlChecker, type HtmlChecker } from './mail/checks/html-checker.js';
import { Previewer } from './mail/checks/previews.js';
import { createInboundLimiter, type InboundLimiter } from './mail/inbound-limit.js';
import { createIntake, type Intake } from './mail/ingest/intake.js';
import { RecipientCache } from './mail/recipient-cache.js';
import { createDnsResolver, type DnsResolver } from './platform/dns.js';
import { startEventFeed, type EventFeed } from './platform/events/feed.js';
import { createMetrics, type Metrics } from './platform/metrics.js';
import { PROJECT_ROOT } from './platform/project-root.js';
import { UsageRecorder, type UsageSink } from './platform/usage.js';

const pkg = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };

/**
 * What the service's parts work with — the store, the event feed, caches, counters — built once per process by
 * createContext and handed to HTTP, SMTP and the workers alike (src/runtime.ts). Nothing here knows HTTP.
 */
export interface Context {
  config: Config;
  database: Database;
  keys: KeyAuthenticator;
  /** Addresses as SMTP's RCPT TO reads them, kept until the event log says they changed (src/mail/recipient-cache.ts). */
  recipients: RecipientCache;
  /** Dashboard sessions (the ephemail_session cookie). */
  sessions: SessionAuthenticator;
  /** Per-key usage counters, written in batches. */
  usage: UsageSink;
  /** DNS look-ups through DNS_SERVERS: verify's MX and A/AAAA, custom-domain verification's TXT and MX. */
  dns: DnsResolver;
  /** This instance's view of the event log (every instance's events), for waits and streams. */
  events: EventFeed;
  /** Shared Redis (REDIS_URL): rate limits, the inbound allowance; undefined without it. */
  redis: Redis | undefined;
  /** RATE_LIMIT_INBOUND: arriving mail per account and window, shared through Redis when it is configured. */
  inbound: InboundLimiter;
  /** This instance's Prometheus metrics. */
  metrics: Metrics;
  /**
   * The intake queue (src/mail/ingest/intake.ts): where SMTP and the provider APIs hand accepted messages. Its
   * processors are started and stopped by src/runtime.ts, which gives it the server's logger.
   */
  intake: Intake;
  /** Rendered message previews (headless Chromium at CHROMIUM_PATH, launched at the first preview). */
  previewer: Previewer;
  /** Messages' HTML checks (client support, validation), on a worker thread started at the first check. */
  htmlChecker: HtmlChecker;
  /** Set when SIGTERM/SIGINT arrives: /ready answers 503 from then on. */
  lifecycle: { shuttingDown: boolean };
  version: string;
}

/** The shared Redis connection (rate limits, /ready). Its errors are reported by those; they must not end the process. */
async function sharedRedis(url: string): Promise<Redis> {
  // Loaded only with REDIS_URL: a single instance never needs the client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true });
  redis.on('error', () => undefined);
  return redis;
}

/** Opens the store and builds everything else on it. Tests pass their own parts (a fresh store, a fake resolver). */
export async function createContext(config: Config, overrides: Partial<Context> = {}): Promise<Context> {
  const database =
    overrides.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      sqliteStatementCache: config.sqliteStatementCache,
      postgresStatementCache: config.postgresStatementCache,
      sqliteCacheMb: config.sqliteCacheMb,
      sqliteCheckpointThread: config.sqliteCheckpointThread,
      sqliteKeepReads: config.sqliteKeptAnswers,
      // Before the server's logger exists; the store keeps working (its own connection checkpoints past its limit).
      onCheckpointError: (message) => process.emitWarning(`SQLite checkpoint thread: ${message}`),
    }));
  configureGroupCommit(database.db, { delayMs: config.intake.groupCommitDelayMs });
  // One resolver (DNS_SERVERS, VERIFY_TIMEOUT_MS) serves verify's MX lookups and custom-domain checks alike.
  const dns = overrides.dns ?? createDnsResolver(config.dnsServers, config.verify.timeoutMs);
  const events =
    overrides.events ?? (await startEventFeed({ db: database.db, databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, pollMs: config.eventPollMs }));
  const metrics = overrides.metrics ?? createMetrics();
  const redis = 'redis' in overrides ? overrides.redis : config.redisUrl ? await sharedRedis(config.redisUrl) : undefined;
  return {
    config,
    database,
    keys: overrides.keys ?? new KeyAuthenticator(database.db, events),
    recipients: overrides.recipients ?? RecipientCache.over(database.db, events),
    sessions: overrides.sessions ?? new SessionAuthenticator(database.db, config.dashboard.sessionTtlSeconds),
    usage: overrides.usage ?? new UsageRecorder(database.db),
    dns,
    redis,
    inbound: overrides.inbound ?? createInboundLimiter(config.rateLimits.inbound, config.rateLimits.windowMs, redis),
    metrics,
    lifecycle: overrides.lifecycle ?? { shuttingDown: false },
    intake: overrides.intake ?? createIntake({ config, db: database.db, metrics }),
    previewer: overrides.previewer ?? new Previewer(config.checks.preview.chromiumPath, config.checks.preview.concurrency),
    htmlChecker: overrides.htmlChecker ?? createHtmlChecker(),
    events,
    version: pkg.version,
  };
}

/** Writes what is pending (usage counts) while the store is open, then closes the feed, Redis and the store. */
export async function closeContext(context: Context): Promise<void> {
  await context.usage.stop();
  await context.previewer.close();
  await context.htmlChecker.close();
  await context.events.close();
  context.redis?.disconnect();
  await context.database.close();
}
