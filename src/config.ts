import fs from 'node:fs';
import os from 'node:os';
import tls from 'node:tls';
import path from 'node:path';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { parseDnsServer } from './platform/dns.js';

/**
 * Environment → typed configuration, validated once. Every variable is listed in the README's configuration
 * table; a bad value stops the process with one line per problem naming the variable and the rule.
 */
export interface Config {
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  smtpPort: number;
  smtpHostname: string;
  /** How long SMTP waits before its greeting, to catch clients that talk first (smtp-server's own default is 100). */
  smtpGreetingDelayMs: number;
  /** Open SMTP connections in all, and from one client IP; past either the connection gets 421. */
  smtpMaxClients: number;
  smtpMaxClientsPerIp: number;
  /** Longest an SMTP client may take from connecting (or its previous message's answer) to the end of its next
   * message; past it 421 and the connection is closed, so a client dripping bytes cannot hold a slot forever. */
  smtpTransactionTimeoutMs: number;
  /** SMTP_TLS_CERT and SMTP_TLS_KEY read at start (PEM): STARTTLS on SMTP_PORT, implicit TLS on SMTPS_PORT; null: no TLS. */
  smtpTls: { cert: Buffer; key: Buffer; smtpsPort: number | null } | null;
  /** SMTP_AUTH_ALLOW_INSECURE: AUTH without TLS (default: true without a certificate, false with one). */
  smtpAuthAllowInsecure: boolean;
  /** SMTP_CAPTURE_ALL: unauthenticated mail for recipients that are not live addresses goes to the first account's `default` sandbox. */
  smtpCaptureAll: boolean;
  /** Failed SMTP AUTH attempts per client IP, and per user name and client IP, per window; past either, 454. */
  smtpAuthLimits: { perIp: number; perUser: number; windowMs: number };
  dataDir: string;
  databaseUrl: string | null;
  /** SQLite only: prepared statements kept for reuse, by SQL text (0 prepares every query again). */
  sqliteStatementCache: number;
  /** PostgreSQL only: SQL texts prepared by name on each connection (0 sends every query unnamed, parsed and planned again). */
  postgresStatementCache: number;
  /** SQLite only: the page cache in MiB (better-sqlite3's build has 16). */
  sqliteCacheMb: number;
  /** SQLite only: checkpoints on a thread of their own instead of inside the event loop's commits. */
  sqliteCheckpointThread: boolean;
  /** SQLite only: list and get answers kept until the store changes (src/http/kept-answers.ts). */
  sqliteKeptAnswers: boolean;
  redisUrl: string | null;
  mailDomains: string[];
  dnsServers: string[];
  bodyLimit: number;
  rateLimits: { tools: number; verify: number; developer: number; inbound: number; windowMs: number };
  /** Dashboard: plans, sessions and the limits on log-in attempts and session calls. */
  dashboard: {
    selfServePlans: boolean;
    sessionTtlSeconds: number;
    /** PASSWORD_HASH_COST: log2 of scrypt's N for passwords hashed from now on (stored hashes keep their own). */
    passwordHashCost: number;
    /** Requests per session account per RATE_LIMIT_WINDOW_SECONDS. */
    rateLimit: number;
    login: { perEmail: number; perIp: number; perAccount: number; windowMs: number };
  };
  verify: { timeoutMs: number; smtpProbe: boolean; smtpProbeFrom: string };
  /** The intake queue between the SMTP 250 and storing (src/mail/ingest/intake.ts). */
  intake: {
    /** Messages processed at once by this instance; 0: it only accepts, others process. */
    concurrency: number;
    /** Past this many queued messages SMTP answers 451 4.3.2. */
    maxQueued: number;
    /** Worker threads that parse, extract and compress; 0 does it on the event loop. */
    workers: number;
    /** The worker threads' nice value (Linux): acceptance and the event loop before processing; 0 leaves them equal. */
    workerNice: number;
    /** How long a processor holds an entry before another may take it (a dead processor's entries wait this long). */
    leaseSeconds: number;
    /** Safety-net poll for entries other instances accepted or that wait for a retry. */
    pollMs: number;
    /** Acceptances a second on this instance from which processors wait for the burst to end (0: they never do). */
    burstRate: number;
    /** Queued messages past which processors no longer wait for a burst to end. */
    burstBacklog: number;
    /** DNS answers of the SPF/DKIM/DMARC checks kept in memory; 0 turns the cache off. */
    dnsCacheSize: number;
    /** Messages stored without the queue emptying after which its emptying gives memory back (src/platform/memory.ts); 0: never. */
    memoryReleaseAfter: number;
    /** Under load, how long a group commit waits for more writes to join it (src/db/group-commit.ts); 0: never. */
    groupCommitDelayMs: number;
  };
  /** SPF/DKIM/DMARC checks of arriving mail (src/mail/ingest/mail-auth.ts) and their budget per message. */
  mailAuth: { enabled: boolean; timeoutMs: number };
  addressTtl: number;
  maxAddressLifetime: number;
  maxMessageSize: number;
  maxRecipients: number;
  /** Webhook delivery: which targets it may reach and how long one attempt may take. */
  webhooks: { allowPrivate: boolean; allowedNetworks: string[]; timeoutMs: number };
  /** Deliverability checks of messages (src/mail/checks/): spamd, link fetching, rendered previews. */
  checks: {
    /** SpamAssassin's daemon (SPAMD_HOST, SPAMD_PORT); null when not configured (spam checks answer null). */
    spamd: { host: string; port: number; timeoutMs: number } | null;
    links: { timeoutMs: number; concurrency: number; allowPrivate: boolean };
    preview: { chromiumPath: string; concurrency: number };
  };
  /** The server's public base URL without a trailing slash (absolute links in webhook payloads); null for paths. */
  publicUrl: string | null;
  retentionSeconds: number;
  sweepIntervalSeconds: number;
  /** How long the event log keeps an event (the sweeper prunes older ones). */
  eventRetentionSeconds: number;
  /** Safety-net poll of the event log, for a wake-up (NOTIFY, Redis, in-process) that got lost. */
  eventPollMs: number;
  bootstrap: boolean;
  trustProxy: boolean;
  /** Bearer token getMetrics requires, or null for an open /metrics. */
  metricsToken: string | null;
  /** How long SIGTERM/SIGINT may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** After SIGTERM, how long HTTP keeps answering on its open connections (each answer closing its connection; no new ones are taken) before it closes the rest. */
  shutdownDrainMs: number;
  /** Overload protection (@fastify/under-pressure): 503 with Retry-After past these; 0 turns a limit off. */
  overload: { maxEventLoopDelayMs: number; maxRssBytes: number; retryAfterSeconds: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };
  const int = (name: string, def: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return def;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return def;
    }
    return Number(raw);
  };
  const bool = (name: string, def: boolean): boolean => {
    const raw = read(name);
    if (raw === undefined) return def;
    if (/^(true|1|yes|on)$/i.test(raw)) return true;
    if (/^(false|0|no|off)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return def;
  };

  const logLevel = (read('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  const databaseUrl = read('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded SQLite store)');
  }
  const redisUrl = read('REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\//i.test(redisUrl)) {
    problems.push('REDIS_URL must be a redis:// or rediss:// URL');
  }

  const mailDomains = (read('MAIL_DOMAINS') ?? 'ephemail.local')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean);
  for (const d of mailDomains) {
    const ascii = domainToASCII(d);
    if (!ascii || !ascii.includes('.') && d !== 'localhost') {
      problems.push(`MAIL_DOMAINS entry "${d}" is not a domain name`);
    }
  }
  if (mailDomains.length === 0) problems.push('MAIL_DOMAINS must name at least one domain');

  const dnsServers = (read('DNS_SERVERS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of dnsServers) {
    if (!isResolverAddress(s)) problems.push(`DNS_SERVERS entry "${s}" must be an IP address, ip:port or [ipv6]:port`);
  }

  const allowedNetworks = (read('WEBHOOK_ALLOWED_NETWORKS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const n of allowedNetworks) {
    if (!isNetwork(n)) problems.push(`WEBHOOK_ALLOWED_NETWORKS entry "${n}" must be an IP address or a CIDR range such as 10.1.0.0/16 or fd00::/8`);
  }
  const publicUrl = read('PUBLIC_URL')?.replace(/\/+$/, '') ?? null;
  if (publicUrl !== null && !isBaseUrl(publicUrl)) {
    problems.push(`PUBLIC_URL must be an http:// or https:// URL without query or fragment, e.g. https://mail.example.com (got "${publicUrl}")`);
  }

  // SMTP TLS: both files or neither; read now, so a bad path or a key that does not fit stops start-up in one line.
  const certPath = read('SMTP_TLS_CERT');
  const keyPath = read('SMTP_TLS_KEY');
  let smtpTls: Config['smtpTls'] = null;
  if ((certPath === undefined) !== (keyPath === undefined)) {
    problems.push('SMTP_TLS_CERT and SMTP_TLS_KEY go together: set both (PEM file paths) for STARTTLS, or neither');
  } else if (certPath !== undefined && keyPath !== undefined) {
    const file = (name: string, p: string): Buffer | undefined => {
      try {
        return fs.readFileSync(p);
      } catch (err) {
        problems.push(`${name}: cannot read ${p} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
        return undefined;
      }
    };
    const cert = file('SMTP_TLS_CERT', certPath);
    const key = file('SMTP_TLS_KEY', keyPath);
    if (cert && key) {
      try {
        tls.createSecureContext({ cert, key });
        smtpTls = { cert, key, smtpsPort: null };
      } catch (err) {
        problems.push(`SMTP_TLS_CERT and SMTP_TLS_KEY do not make a usable certificate and key (PEM): ${(err as Error).message}`);
      }
    }
  }
  const smtpsPort = read('SMTPS_PORT') === undefined ? null : int('SMTPS_PORT', 0, 0, 65535);
  if (smtpsPort !== null && certPath === undefined) problems.push('SMTPS_PORT needs a certificate: set SMTP_TLS_CERT and SMTP_TLS_KEY too');
  if (smtpTls) smtpTls.smtpsPort = smtpsPort;

  const config: Config = {
    port: int('PORT', 3000, 0, 65535),
    host: read('HOST') ?? '0.0.0.0',
    logLevel: logLevel as Config['logLevel'],
    smtpPort: int('SMTP_PORT', 2525, 0, 65535),
    smtpGreetingDelayMs: int('SMTP_GREETING_DELAY_MS', 0, 0, 10_000),
    smtpMaxClients: int('SMTP_MAX_CLIENTS', 1000, 1, 100_000),
    smtpMaxClientsPerIp: int('SMTP_MAX_CLIENTS_PER_IP', 200, 1, 100_000),
    smtpTransactionTimeoutMs: int('SMTP_TRANSACTION_TIMEOUT_MS', 600_000, 100, 86_400_000),
    smtpHostname: read('SMTP_HOSTNAME') ?? os.hostname(),
    smtpTls,
    smtpAuthAllowInsecure: bool('SMTP_AUTH_ALLOW_INSECURE', certPath === undefined),
    smtpCaptureAll: bool('SMTP_CAPTURE_ALL', false),
    smtpAuthLimits: {
      perIp: int('RATE_LIMIT_SMTP_AUTH_IP', 30, 1, 1_000_000),
      perUser: int('RATE_LIMIT_SMTP_AUTH', 10, 1, 1_000_000),
      windowMs: int('RATE_LIMIT_SMTP_AUTH_WINDOW_SECONDS', 900, 1, 86_400) * 1000,
    },
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    databaseUrl,
    sqliteStatementCache: int('SQLITE_STATEMENT_CACHE', 500, 0, 100_000),
    postgresStatementCache: int('POSTGRES_STATEMENT_CACHE', 500, 0, 100_000),
    sqliteCacheMb: int('SQLITE_CACHE_MB', 4, 1, 65_536),
    sqliteCheckpointThread: bool('SQLITE_CHECKPOINT_THREAD', true),
    sqliteKeptAnswers: bool('SQLITE_KEPT_ANSWERS', true),
    redisUrl,
    mailDomains,
    dnsServers,
    bodyLimit: int('BODY_LIMIT', 1_048_576, 1024, 100 * 1_048_576),
    rateLimits: {
      tools: int('RATE_LIMIT_TOOLS', 120, 1, 1_000_000),
      verify: int('RATE_LIMIT_VERIFY', 20, 1, 1_000_000),
      developer: int('RATE_LIMIT_DEVELOPER', 300, 1, 1_000_000),
      inbound: int('RATE_LIMIT_INBOUND', 10_000, 1, 100_000_000),
      windowMs: int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
    },
    dashboard: {
      selfServePlans: bool('SELF_SERVE_PLANS', true),
      sessionTtlSeconds: int('SESSION_TTL_SECONDS', 14 * 86_400, 300, 365 * 86_400),
      passwordHashCost: int('PASSWORD_HASH_COST', 15, 10, 18),
      rateLimit: int('RATE_LIMIT_DASHBOARD', 600, 1, 1_000_000),
      login: {
        perEmail: int('RATE_LIMIT_LOGIN', 10, 1, 1_000_000),
        perIp: int('RATE_LIMIT_LOGIN_IP', 50, 1, 1_000_000),
        perAccount: int('RATE_LIMIT_LOGIN_ACCOUNT', 100, 1, 1_000_000),
        windowMs: int('RATE_LIMIT_LOGIN_WINDOW_SECONDS', 900, 1, 86_400) * 1000,
      },
    },
    verify: {
      timeoutMs: int('VERIFY_TIMEOUT_MS', 5000, 100, 10_000),
      smtpProbe: bool('VERIFY_SMTP_PROBE', false),
      smtpProbeFrom: read('VERIFY_SMTP_FROM') ?? `verify@${mailDomains[0] ?? 'ephemail.local'}`,
    },
    intake: {
      concurrency: int('INTAKE_CONCURRENCY', 8, 0, 256),
      maxQueued: int('INTAKE_MAX_QUEUED', 10_000, 1, 10_000_000),
      // One core stays for the event loop (SMTP, HTTP, the store); the others parse, up to four threads.
      workers: int('INTAKE_WORKERS', Math.max(1, Math.min(4, os.availableParallelism() - 1)), 0, 64),
      workerNice: int('INTAKE_WORKER_NICE', 5, 0, 19),
      leaseSeconds: int('INTAKE_LEASE_SECONDS', 60, 1, 3600),
      pollMs: int('INTAKE_POLL_MS', 1000, 20, 60_000),
      burstRate: int('INTAKE_BURST_RATE', 0, 0, 1_000_000),
      burstBacklog: int('INTAKE_BURST_BACKLOG', 1000, 1, 10_000_000),
      dnsCacheSize: int('DNS_CACHE_SIZE', 10_000, 0, 1_000_000),
      groupCommitDelayMs: int('GROUP_COMMIT_DELAY_MS', 2, 0, 50),
      memoryReleaseAfter: int('MEMORY_RELEASE_AFTER', 1000, 0, 10_000_000),
    },
    mailAuth: {
      enabled: bool('MAIL_AUTH', true),
      timeoutMs: int('MAIL_AUTH_TIMEOUT_MS', 2000, 50, 10_000),
    },
    addressTtl: int('ADDRESS_TTL', 3600, 10, 10 * 365 * 86_400),
    maxAddressLifetime: int('MAX_ADDRESS_LIFETIME', 7 * 86_400, 10, 10 * 365 * 86_400),
    maxMessageSize: int('MAX_MESSAGE_SIZE', 10 * 1_048_576, 1024, 100 * 1_048_576),
    maxRecipients: int('MAX_RECIPIENTS', 50, 1, 1000),
    webhooks: {
      allowPrivate: bool('WEBHOOK_ALLOW_PRIVATE', false),
      allowedNetworks,
      timeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    },
    checks: {
      spamd: read('SPAMD_HOST') ? { host: read('SPAMD_HOST')!, port: int('SPAMD_PORT', 783, 1, 65535), timeoutMs: int('SPAMD_TIMEOUT_MS', 15_000, 100, 120_000) } : null,
      links: {
        timeoutMs: int('LINK_CHECK_TIMEOUT_MS', 5000, 100, 60_000),
        concurrency: int('LINK_CHECK_CONCURRENCY', 8, 1, 64),
        allowPrivate: bool('LINK_CHECK_ALLOW_PRIVATE', false),
      },
      preview: { chromiumPath: read('CHROMIUM_PATH') ?? '/usr/bin/chromium', concurrency: int('PREVIEW_CONCURRENCY', 2, 1, 16) },
    },
    publicUrl,
    retentionSeconds: int('RETENTION_SECONDS', 86_400, 0, 365 * 86_400),
    sweepIntervalSeconds: int('SWEEP_INTERVAL_SECONDS', 60, 1, 86_400),
    eventRetentionSeconds: int('EVENT_RETENTION_SECONDS', 7 * 86_400, 60, 365 * 86_400),
    eventPollMs: int('EVENT_POLL_MS', 2000, 50, 60_000),
    bootstrap: bool('BOOTSTRAP', true),
    trustProxy: bool('TRUST_PROXY', false),
    metricsToken: read('METRICS_TOKEN') ?? null,
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', 0, 0, 600_000),
    overload: {
      maxEventLoopDelayMs: int('OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
      maxRssBytes: int('OVERLOAD_MAX_RSS_BYTES', 0, 0, 1024 ** 4),
      retryAfterSeconds: int('OVERLOAD_RETRY_AFTER_SECONDS', 5, 1, 3600),
    },
  };
  if (config.metricsToken !== null && config.metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  if (config.addressTtl > config.maxAddressLifetime) {
    problems.push(`ADDRESS_TTL (${config.addressTtl}) must not exceed MAX_ADDRESS_LIFETIME (${config.maxAddressLifetime})`);
  }
  if (read('SPAMD_PORT') && !read('SPAMD_HOST')) problems.push('SPAMD_PORT is set but SPAMD_HOST is not; set both to score spam, or neither');
  if (config.intake.leaseSeconds * 1000 < config.mailAuth.timeoutMs) {
    problems.push(`INTAKE_LEASE_SECONDS (${config.intake.leaseSeconds}) must be at least MAIL_AUTH_TIMEOUT_MS (${config.mailAuth.timeoutMs} ms): a lease shorter than processing may take lets a second processor take the message meanwhile`);
  }
  if (config.shutdownDrainMs > 0 && config.shutdownDrainMs >= config.shutdownTimeoutMs / 2) {
    problems.push(`SHUTDOWN_DRAIN_MS (${config.shutdownDrainMs}) must be less than half of SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs}): requests in flight and SMTP transactions need the rest`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** `ip` or `ip/prefix` with a prefix the address family allows. */
function isNetwork(s: string): boolean {
  const [ip, prefix, ...rest] = s.split('/');
  const family = isIP(ip);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function isBaseUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.search && !u.hash && !u.username && !u.password;
  } catch {
    return false;
  }
}

function isResolverAddress(s: string): boolean {
  try {
    parseDnsServer(s);
    return true;
  } catch {
    return false;
  }
}
