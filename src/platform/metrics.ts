import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * This instance's Prometheus metrics (prom-client), in a registry of its own so that several apps in one process
 * (tests, the benchmark) never share counters. Served by getMetrics.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'operation' | 'method' | 'status'>;
  httpDuration: Histogram<'operation' | 'method' | 'status'>;
  smtpSessions: Counter;
  smtpConnections: Gauge;
  messagesStored: Counter;
  /** Message copies acknowledged over SMTP (queued; stored later, see messagesStored). */
  messagesAccepted: Counter;
  messagesRefused: Counter<'reason'>;
  webhookAttempts: Counter<'outcome'>;
  /** Events not yet read, per consumer; set by the collectors registered with `onCollect`. */
  eventLogLag: Gauge<'consumer'>;
  /** Registers work to run before each scrape (e.g. measuring the event-log lag). */
  onCollect(collect: () => Promise<void>): void;
  /** Messages acknowledged over SMTP and not yet stored (read at each scrape through the probe). */
  intakeQueued: Gauge;
  /** Seconds since the oldest queued message was accepted (0 when none is). */
  intakeLag: Gauge;
  /** From the SMTP 250 to the copies being committed (visible through the API). */
  intakeLatency: Histogram;
  /** Processing attempts of queued messages that failed (the entry stays queued and is tried again). */
  intakeFailures: Counter;
  /** Times this instance gave memory back after a burst of mail (src/platform/memory.ts). */
  memoryReleases: Counter;
  /** The resident memory those releases gave back, the trim a second later included. */
  memoryReleased: Counter;
  /** How the intake gauges read the queue: set by the intake (src/mail/ingest/intake.ts). */
  setIntakeProbe(probe: () => Promise<{ depth: number; oldestAcceptedAt: string | null }>): void;
}

/** Why SMTP refused a message or recipient. */
export type RefusalReason = 'relay' | 'auth_failed' | 'auth_throttled' | 'encryption_required' | 'unknown_recipient' | 'too_many_recipients' | 'too_big' | 'too_many_connections' | 'transaction_timeout' | 'inbound_rate_limited' | 'fault' | 'intake_full' | 'storage_full' | 'error';

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const collectors: Array<() => Promise<void>> = [];
  const registers = [registry];
  let intakeProbe: (() => Promise<{ depth: number; oldestAcceptedAt: string | null }>) | undefined;
  const intakeLag = new Gauge({ name: 'ephemail_intake_lag_seconds', help: 'Seconds since the oldest message still in the intake queue was accepted (0 when it is empty).', registers });
  return {
    registry,
    httpRequests: new Counter({ name: 'ephemail_http_requests_total', help: 'HTTP requests answered, by operationId, method and status.', labelNames: ['operation', 'method', 'status'], registers }),
    httpDuration: new Histogram({
      name: 'ephemail_http_request_duration_seconds',
      help: 'HTTP request duration, by operationId, method and status.',
      labelNames: ['operation', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    smtpSessions: new Counter({ name: 'ephemail_smtp_sessions_total', help: 'SMTP connections accepted.', registers }),
    smtpConnections: new Gauge({ name: 'ephemail_smtp_connections', help: 'SMTP connections open now.', registers }),
    messagesStored: new Counter({ name: 'ephemail_messages_stored_total', help: 'Message copies stored over SMTP (by the intake processors).', registers }),
    messagesAccepted: new Counter({ name: 'ephemail_messages_accepted_total', help: 'Message copies acknowledged over SMTP (250) into the intake queue.', registers }),
    messagesRefused: new Counter({ name: 'ephemail_messages_refused_total', help: 'SMTP recipients or messages refused, by reason.', labelNames: ['reason'], registers }),
    webhookAttempts: new Counter({ name: 'ephemail_webhook_attempts_total', help: 'Webhook delivery attempts, by outcome.', labelNames: ['outcome'], registers }),
    eventLogLag: new Gauge({
      name: 'ephemail_event_log_lag',
      help: 'Events in the log not yet read, by consumer (feed: this instance; webhooks: the durable enqueuer cursor).',
      labelNames: ['consumer'],
      registers,
      async collect() {
        await Promise.all(collectors.map((c) => c().catch(() => undefined)));
      },
    }),
    onCollect: (collect) => void collectors.push(collect),
    intakeQueued: new Gauge({
      name: 'ephemail_intake_queued',
      help: 'Messages acknowledged over SMTP and not yet stored (the intake queue, every instance).',
      registers,
      async collect() {
        if (!intakeProbe) return;
        try {
          const { depth, oldestAcceptedAt } = await intakeProbe();
          this.set(depth);
          intakeLag.set(oldestAcceptedAt === null ? 0 : Math.max(0, (Date.now() - Date.parse(oldestAcceptedAt)) / 1000));
        } catch {
          /* the store does not answer: /ready says so; keep the last values */
        }
      },
    }),
    intakeLag,
    intakeLatency: new Histogram({
      name: 'ephemail_intake_latency_seconds',
      help: 'From the SMTP 250 to the message being stored and visible through the API.',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    }),
    intakeFailures: new Counter({ name: 'ephemail_intake_failures_total', help: 'Failed processing attempts of queued messages (each is tried again).', registers }),
    memoryReleases: new Counter({ name: 'ephemail_memory_releases_total', help: 'Times memory was given back to the system once the intake queue emptied after a burst, or once the instance had been quiet a while after smaller ones (MEMORY_RELEASE_AFTER).', registers }),
    memoryReleased: new Counter({ name: 'ephemail_memory_released_bytes_total', help: 'Resident memory given back to the system by those releases, the trim a second later included.', registers }),
    setIntakeProbe: (probe) => void (intakeProbe = probe),
  };
}
