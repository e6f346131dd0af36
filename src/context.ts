import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { LoadedSpec } from './http/spec/spec.js';
import type { Redis } from 'ioredis';
import type { EventFeed } from './platform/events/feed.js';
import type { Metrics } from './platform/metrics.js';
import type { KeyAuthenticator } from './identity/keys.js';
import type { SessionAuthenticator } from './identity/sessions.js';
import type { UsageSink } from './platform/usage.js';
import type { DnsResolver } from './platform/dns.js';

/** What handlers and plugins get to work with; built once in buildApp (tests pass their own parts). */
export interface Deps {
  config: Config;
  database: Database;
  spec: LoadedSpec;
  keys: KeyAuthenticator;
  /** Dashboard sessions (the ephemail_session cookie). */
  sessions: SessionAuthenticator;
  /** Per-key usage counters, written in batches. */
  usage: UsageSink;
  /** DNS look-ups through DNS_SERVERS: verify's MX and A/AAAA, custom-domain verification's TXT and MX. */
  dns: DnsResolver;
  /** This instance's view of the event log (every instance's events), for waits and streams. */
  events: EventFeed;
  /** Shared Redis (REDIS_URL): rate limits; undefined without it. */
  redis: Redis | undefined;
  /** This instance's Prometheus metrics. */
  metrics: Metrics;
  /** Set when SIGTERM/SIGINT arrives: /ready answers 503 from then on. */
  lifecycle: { shuttingDown: boolean };
  version: string;
}
