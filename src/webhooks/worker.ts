import { Webhook } from 'standardwebhooks';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import {
  claimDelivery,
  findDeliveryOf,
  findDueDeliveries,
  findWebhookById,
  pruneFinishedDeliveries,
  recordAttempt,
  releaseClaim,
  type DeliveryRow,
} from '../db/webhooks.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import { DELIVERY_LOG_RETENTION_MS, DISABLE_AFTER_FAILING_MS, nextAttemptAt } from './schedule.js';
import { sendSigned } from './sender.js';
import type { HostResolver } from './ssrf.js';
import { signingSecrets } from './webhooks.js';
import { newId } from '../platform/ids.js';

export interface WorkerDeps {
  db: Db;
  config: Pick<Config, 'webhooks'>;
  /** Server version, for the User-Agent. */
  version: string;
  logger?: Logger;
  /** DNS for targets (tests pass a fake one). */
  resolve?: HostResolver;
  /** Jitter source in [0, 1) (tests pass a constant). */
  random?: () => number;
  /** How often an idle worker looks for due deliveries, in ms. */
  pollIntervalMs?: number;
  /** Deliveries claimed per run. */
  batchSize?: number;
  /** Attempts on the wire at once. */
  concurrency?: number;
  /** Attempts by outcome for /metrics. */
  metrics?: Metrics;
}

export interface RunSummary {
  /** Deliveries this worker claimed and attempted. */
  attempted: number;
  succeeded: number;
  failed: number;
}

export interface WebhookWorker {
  /**
   * Claims the deliveries due at `now` and attempts each once (serialised with the timer's runs). `now` drives the
   * schedule — which rows are due, when the next attempt is, when a webhook has failed for 24 h — so tests can
   * simulate a day in milliseconds; the signature's `webhook-timestamp` is always the real time of sending, as
   * receivers check it against their clock.
   */
  runOnce(now?: Date): Promise<RunSummary>;
  /** Runs soon instead of at the next poll (new rows were written in this process). */
  wake(): void;
  /** Starts polling. */
  start(): void;
  /** Stops polling, gives attempts on the wire a moment to end, aborts the rest (their rows go back to the queue
   * at once, unattempted) and waits for the current run. */
  stop(): Promise<void>;
}

/**
 * A claim is taken right before its attempt and outlives it (WEBHOOK_TIMEOUT_MS bounds the attempt, DNS and
 * connection included) by this much, for recording the outcome; after it a crashed worker's row is due again.
 */
const CLAIM_MARGIN_MS = 10_000;
const PRUNE_EVERY_MS = 3600_000;
const STOP_GRACE_MS = 3000;

export function createWebhookWorker(deps: WorkerDeps): WebhookWorker {
  const { db, logger } = deps;
  const { timeoutMs, allowPrivate, allowedNetworks } = deps.config.webhooks;
  const policy = { allowPrivate, allowedNetworks };
  const pollIntervalMs = deps.pollIntervalMs ?? 1000;
  const batchSize = deps.batchSize ?? 50;
  const concurrency = deps.concurrency ?? 8;
  const random = deps.random ?? Math.random;
  const userAgent = `Ephemail-Webhooks/${deps.version}`;
  const shutdown = new AbortController();
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let woken = false;
  let stopped = false;
  let lastPrune = 0;

  type Result = 'succeeded' | 'failed' | 'skipped';

  /** `clock()` is the run's notion of now, advancing in real time: when the request goes out, it stamps it. */
  async function attempt(row: DeliveryRow, clock: () => Date): Promise<Result> {
    const webhook = await findWebhookById(db, row.webhook_id);
    if (!webhook) return 'skipped';
    if (webhook.disabled_at !== null) {
      await releaseClaim(db, row.id);
      return 'skipped';
    }
    const signedAt = new Date();
    const now = clock();
    const signature = signingSecrets(webhook, now)
      .map((secret) => new Webhook(secret).sign(row.id, signedAt, row.payload))
      .join(' ');
    const outcome = await sendSigned(
      new URL(webhook.url),
      row.payload,
      {
        'content-type': 'application/json',
        'user-agent': userAgent,
        'webhook-id': row.id,
        'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      { timeoutMs, policy, resolve: deps.resolve, signal: shutdown.signal },
    );
    if (outcome.aborted) {
      await releaseClaim(db, row.id);
      return 'skipped';
    }

    const at = now.toISOString();
    const attempts = row.attempts + 1;
    const roundAttempts = row.round_attempts + 1;
    const due = outcome.ok ? null : nextAttemptAt(now, roundAttempts, random);
    const cutoff = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS).toISOString();
    let disabled: boolean;
    try {
      ({ disabled } = await recordAttempt(
        db,
        webhook.id,
        {
          id: newId('wha'),
          delivery_id: row.id,
          attempt: attempts,
          attempted_at: at,
          status_code: outcome.statusCode,
          duration_ms: outcome.durationMs,
          error: outcome.error,
          response_excerpt: outcome.responseExcerpt,
        },
        {
          status: outcome.ok ? 'succeeded' : due ? 'pending' : 'failed',
          attempts,
          round_attempts: roundAttempts,
          next_attempt_at: due ? due.toISOString() : null,
          finished_at: outcome.ok || !due ? at : null,
        },
        outcome.ok ? { ok: true } : { ok: false, disableIfFailingSince: cutoff },
      ));
    } catch (err) {
      // The webhook was deleted during the attempt and took the delivery with it: nothing left to record.
      if (!(await findDeliveryOf(db, row.webhook_id, row.id))) return 'skipped';
      throw err;
    }

    if (outcome.ok) return 'succeeded';
    if (disabled) {
      logger?.warn({ webhook: webhook.id, url: webhook.url }, 'webhook disabled: every attempt failed for 24 hours');
    }
    if (!due) logger?.warn({ webhook: webhook.id, delivery: row.id }, 'webhook delivery failed: retry schedule used up');
    return 'failed';
  }

  async function run(now: Date, fixed: boolean): Promise<RunSummary> {
    const summary: RunSummary = { attempted: 0, succeeded: 0, failed: 0 };
    const at = now.toISOString();
    if (now.getTime() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now.getTime();
      await pruneFinishedDeliveries(db, new Date(now.getTime() - DELIVERY_LOG_RETENTION_MS).toISOString());
    }
    // Candidates only: each lane claims its next row right before sending it, so no claim can run out while its
    // holder still means to send the row (another instance would then send it too).
    const due = await findDueDeliveries(db, at, batchSize);
    // Attempts are stamped when their request goes out; a caller that fixes the time (tests) gets exactly that time.
    const clock = fixed ? () => now : () => new Date();
    let next = 0;
    const lane = async () => {
      while (next < due.length && !shutdown.signal.aborted) {
        const row = due[next++];
        const claimedAt = clock();
        if (!(await claimDelivery(db, row.id, claimedAt.toISOString(), new Date(claimedAt.getTime() + timeoutMs + CLAIM_MARGIN_MS).toISOString()))) continue;
        let result: Result;
        try {
          result = await attempt(row, clock);
        } catch (err) {
          logger?.error({ err, delivery: row.id }, 'webhook attempt could not be recorded');
          continue;
        }
        if (result === 'skipped') continue;
        deps.metrics?.webhookAttempts.inc({ outcome: result });
        summary.attempted++;
        summary[result]++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, lane));
    return summary;
  }

  function runOnce(now?: Date): Promise<RunSummary> {
    const result = chain.then(() => run(now ?? new Date(), now !== undefined));
    chain = result.catch(() => undefined);
    return result;
  }

  function schedule(delay: number): void {
    if (stopped || running) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = true;
      runOnce()
        .then(
          (s) => s.attempted,
          (err: unknown) => {
            logger?.error({ err }, 'webhook worker run failed');
            return 0;
          },
        )
        .then((attempted) => {
          running = false;
          // A full batch means more may be due, and a wake during the run means new rows: go again at once.
          const again = attempted >= batchSize || woken;
          woken = false;
          schedule(again ? 0 : pollIntervalMs);
        });
    }, delay);
    // The worker never keeps the process alive on its own.
    timer.unref();
  }

  return {
    runOnce,
    start: () => schedule(0),
    wake: () => {
      if (running) woken = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const abort = setTimeout(() => shutdown.abort(), Math.min(timeoutMs, STOP_GRACE_MS));
      await chain;
      clearTimeout(abort);
    },
  };
}

export function startWebhookWorker(deps: WorkerDeps): WebhookWorker {
  const worker = createWebhookWorker(deps);
  worker.start();
  return worker;
}
