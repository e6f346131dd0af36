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
  messagesRefused: Counter<'reason'>;
  webhookAttempts: Counter<'outcome'>;
  /** Events not yet read, per consumer; set by the collectors registered with `onCollect`. */
  eventLogLag: Gauge<'consumer'>;
  /** Registers work to run before each scrape (e.g. measuring the event-log lag). */
  onCollect(collect: () => Promise<void>): void;
}

/** Why SMTP refused a message or recipient. */
export type RefusalReason = 'relay' | 'unknown_recipient' | 'too_many_recipients' | 'too_big' | 'too_many_connections' | 'transaction_timeout' | 'inbound_rate_limited' | 'fault' | 'error';

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const collectors: Array<() => Promise<void>> = [];
  const registers = [registry];
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
    messagesStored: new Counter({ name: 'ephemail_messages_stored_total', help: 'Message copies stored over SMTP.', registers }),
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
  };
}
