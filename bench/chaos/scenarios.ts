import { createAddresses, checkDelivery, HttpLog, httpLoad, rssOf, smtpLoad, sseClient, waitLoop, type DeliveryReport, type HttpOutcome, type SmtpStats, type SseStats } from './load.js';
import { createWorld, terminateSessions, type World } from './world.js';

/**
 * The scenarios of issue #24, each on a world of its own: what the operator does or suffers, under load, and what
 * the clients saw. test/system/reliability runs them short and asserts; `npm run chaos` runs them longer and prints
 * the table.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ScenarioResult {
  scenario: string;
  /** HTTP requests made by the load. */
  requests: number;
  /** HTTP answers that count as failed for this scenario (see each scenario). */
  failures: HttpOutcome[];
  /** Declared, retryable refusals (503 service_unavailable with Retry-After) where the scenario allows them. */
  declared: HttpOutcome[];
  http: HttpLog;
  smtp: SmtpStats;
  delivery: DeliveryReport;
  /** Longest time from a disruption's end until requests succeeded again (ms). */
  maxRecoveryMs: number;
  notes: string[];
}

/** The time from `since` until the first 2xx answer to a request started after it. */
function recoveredAfter(log: HttpLog, since: number): number {
  const ok = log.outcomes.filter((o) => o.at >= since && o.status >= 200 && o.status < 300).map((o) => o.at + o.ms);
  return ok.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...ok) - since;
}

/** Polls until `probe` is true (or `ms` passes); answers how long it took. */
async function until(probe: () => Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await probe().catch(() => false)) return Date.now() - start;
    await sleep(50);
  }
  return Number.POSITIVE_INFINITY;
}

export interface RollingOptions {
  /** Extra seconds of load between the restarts (the CI run uses 0). */
  extraSeconds?: number;
}

/** Settings the rolling restart depends on (README, reliability): the drain must outlast nginx's upstream keepalive_timeout. */
export const ROLLING_ENV = { SHUTDOWN_DRAIN_MS: '4000' };
/** fail_timeout of scripts/deploy/*.conf: how long nginx leaves a failed instance out. */
const NGINX_FAIL_TIMEOUT_MS = 5000;

/**
 * Item 2: two instances on PostgreSQL + Redis behind nginx, under load; SIGTERM A, start it again, then B. Every HTTP
 * answer that is not a 2xx is a failure; every acknowledged message must be stored exactly once; SMTP clients refused
 * with a 4xx retry; the SSE client resumes with Last-Event-ID.
 */
export async function rollingRestart(opts: RollingOptions = {}): Promise<ScenarioResult & { sse: SseStats; sseMissed: string[]; exits: Array<number | null> }> {
  const world = await createWorld({ instances: 2, redis: true, nginx: true, env: { ...ROLLING_ENV, RATE_LIMIT_TOOLS: '100000', RATE_LIMIT_DEVELOPER: '100000', RATE_LIMIT_WINDOW_SECONDS: '60' } });
  try {
    const tag = `roll${Date.now().toString(36)}`;
    const addresses = await createAddresses(world, 6, tag);
    const [sseAddress, waitAddress] = addresses;
    const log = new HttpLog();
    const maxMs = 180_000;
    const sse = sseClient(world, sseAddress, { maxMs });
    await sse.connected;
    const load = httpLoad(world, log, { workers: 4, maxMs, pauseMs: 20 });
    const smtp = smtpLoad(world.smtpPort, addresses, { connections: 4, maxMs, tag, pauseMs: 50 });
    const waits = waitLoop(world, log, waitAddress, { maxMs });
    const exits: Array<number | null> = [];
    let maxRecoveryMs = 0;
    const notes: string[] = [];
    await sleep(1500 + (opts.extraSeconds ?? 0) * 500);
    for (const instance of world.instances) {
      exits.push(await instance.stop());
      const down = Date.now();
      await instance.start();
      maxRecoveryMs = Math.max(maxRecoveryMs, Date.now() - down);
      notes.push(`${instance.name} back after ${Date.now() - down} ms`);
      // nginx sends it requests again once fail_timeout has passed since its last refused connection.
      await sleep(NGINX_FAIL_TIMEOUT_MS + 500 + (opts.extraSeconds ?? 0) * 500);
    }
    await Promise.all([load.stop(), waits.stop(), smtp.stop()]);
    const delivery = await checkDelivery(world, tag, smtp.stats);
    // The SSE client catches up on everything stored for its address.
    const database = await world.open();
    let expected: string[] = [];
    try {
      const rows = await database.db
        .selectFrom('messages')
        .innerJoin('addresses', 'addresses.id', 'messages.address_id')
        .select('messages.subject')
        .where('addresses.address', '=', sseAddress)
        .execute();
      expected = rows.map((r) => r.subject ?? '');
    } finally {
      await database.close();
    }
    await until(async () => expected.every((s) => sse.stats.subjects.includes(s)), 10_000);
    await sse.stop();
    return {
      scenario: 'rolling restart (2 instances, nginx)',
      requests: log.requests,
      failures: log.failures(),
      declared: [],
      http: log,
      smtp: smtp.stats,
      delivery,
      maxRecoveryMs,
      notes,
      sse: sse.stats,
      sseMissed: expected.filter((s) => !sse.stats.subjects.includes(s)),
      exits,
    };
  } finally {
    await world.close();
  }
}
