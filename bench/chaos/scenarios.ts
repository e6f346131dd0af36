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
      // nginx sends it requests again once fail_timeout has passed since its last refused connection, which can
      // come just before the instance listens again; nginx's clock for it counts whole seconds, so a second more.
      await sleep(NGINX_FAIL_TIMEOUT_MS + 1500 + (opts.extraSeconds ?? 0) * 500);
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

/**
 * Item 3: PostgreSQL ends every session of the instance's database, `drops` times under load (one instance, no
 * balancer, so every answer is seen as it left the instance). Allowed in between: 503 service_unavailable and SMTP
 * 4xx; never a 500, a hang or an exit; every acknowledged message stored once; requests succeed again within 5 s.
 */
export async function postgresDrops(opts: { drops?: number; intervalMs?: number } = {}): Promise<ScenarioResult & { terminated: number[]; running: boolean; revokedWithinMs: number }> {
  const world = await createWorld({ instances: 1, env: { EVENT_POLL_MS: '60000', RATE_LIMIT_TOOLS: '100000', RATE_LIMIT_DEVELOPER: '100000' } });
  try {
    const tag = `pg${Date.now().toString(36)}`;
    const addresses = await createAddresses(world, 4, tag);
    const log = new HttpLog();
    const maxMs = 180_000;
    const load = httpLoad(world, log, { workers: 4, maxMs, pauseMs: 10 });
    const smtp = smtpLoad(world.smtpPort, addresses, { connections: 3, maxMs, tag, pauseMs: 20 });
    const waits = waitLoop(world, log, addresses[0], { maxMs });
    const terminated: number[] = [];
    let maxRecoveryMs = 0;
    await sleep(1000);
    for (let i = 0; i < (opts.drops ?? 3); i++) {
      terminated.push(await terminateSessions(world));
      const at = Date.now();
      await sleep(opts.intervalMs ?? 2000);
      maxRecoveryMs = Math.max(maxRecoveryMs, recoveredAfter(log, at));
    }
    await sleep(1000);
    await Promise.all([load.stop(), waits.stop(), smtp.stop()]);
    const delivery = await checkDelivery(world, tag, smtp.stats);
    // The instance still hears other processes' commits at once (its LISTEN connection was among those ended):
    // a key revoked by the operator CLI stops working within a second, without waiting for the minute's poll.
    const database = await world.open();
    let revokedWithinMs = Number.POSITIVE_INFINITY;
    try {
      const { createAccount } = await import('../../src/identity/accounts.js');
      const { createKey, revokeKeyByIdOrValue } = await import('../../src/identity/keys.js');
      const account = await createAccount(database.db, `revoke-${tag}@example.com`, 'developer');
      const { key } = await createKey(database.db, account, 'tools');
      const probe = async () => (await fetch(`${world.httpUrl}/api/tools/age-calculator?birthDate=1990-05-15`, { headers: { 'x-api-key': key } })).status;
      if ((await probe()) === 200) {
        await revokeKeyByIdOrValue(database.db, key);
        revokedWithinMs = await until(async () => (await probe()) === 401, 5000);
      }
    } finally {
      await database.close();
    }
    const declared = (o: HttpOutcome) => o.status === 503 && o.error === 'service_unavailable';
    return {
      scenario: 'PostgreSQL drops every connection',
      requests: log.requests,
      failures: log.failures(declared),
      declared: log.outcomes.filter(declared),
      http: log,
      smtp: smtp.stats,
      delivery,
      maxRecoveryMs,
      notes: [`sessions ended: ${terminated.join(', ')}`],
      terminated,
      running: world.instances[0].running(),
      revokedWithinMs,
    };
  } finally {
    await world.close();
  }
}

/**
 * Item 4: Redis (our own redis-server) stops under load and comes back. Two instances, clients on each directly.
 * While it is gone: no 5xx, mail accepted, /ready 200 naming Redis degraded, rate limits per instance, a wait on A
 * answered for mail through B (PostgreSQL's NOTIFY and the log's poll). Once it is back: /ready ok and one shared
 * allowance again.
 */
export async function redisOutage(opts: { downMs?: number } = {}): Promise<
  ScenarioResult & {
    readyDuring: { status: number; body: unknown };
    readyAfter: { status: number; body: unknown };
    limitDuring: number[][];
    limitAfter: number[][];
    crossWakeMs: number;
  }
> {
  const LIMIT = 5;
  const world = await createWorld({
    instances: 2,
    redis: true,
    env: { RATE_LIMIT_TOOLS: String(LIMIT), RATE_LIMIT_DEVELOPER: '100000', RATE_LIMIT_WINDOW_SECONDS: '600', EVENT_POLL_MS: '1000' },
  });
  const [a, b] = world.instances;
  try {
    const tag = `rds${Date.now().toString(36)}`;
    const addresses = await createAddresses(world, 4, tag);
    const log = new HttpLog();
    const maxMs = 180_000;
    let turn = 0;
    const base = () => world.instances[turn++ % 2].url;
    // The load's own Tools calls would spend the small allowance: it uses Developer calls and the wait loop only.
    const load = httpLoad(world, log, { workers: 3, maxMs, baseUrl: base, pauseMs: 10, tools: false });
    const smtp = smtpLoad(() => world.instances[turn++ % 2].smtpPort, addresses, { connections: 3, maxMs, tag, pauseMs: 20 });
    const waits = waitLoop(world, log, addresses[0], { maxMs, baseUrl: b.url });
    const ready = async (url: string) => {
      const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(5000) });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    /** A fresh Tools key's first LIMIT + 1 calls on A and then on B. */
    const spend = async () => {
      const database = await world.open();
      try {
        const { createAccount } = await import('../../src/identity/accounts.js');
        const { createKey } = await import('../../src/identity/keys.js');
        const account = await createAccount(database.db, `limit-${tag}-${Math.random().toString(36).slice(2)}@example.com`, 'developer');
        const { key } = await createKey(database.db, account, 'tools');
        const out: number[][] = [];
        for (const on of [a, b]) {
          const statuses: number[] = [];
          for (let i = 0; i < LIMIT + 1; i++) {
            statuses.push((await fetch(`${on.url}/api/tools/age-calculator?birthDate=1990-05-15`, { headers: { 'x-api-key': key } })).status);
          }
          out.push(statuses);
        }
        return out;
      } finally {
        await database.close();
      }
    };
    await sleep(1000);
    await world.redis!.stop();
    const down = Date.now();
    await sleep(1000);
    const readyDuring = await ready(a.url);
    const limitDuring = await spend();
    // Cross-instance wake-up without Redis: a wait on A, the message through B.
    const waitOnA = fetch(`${a.url}/api/v1/email/${addresses[1]}/messages/wait?timeout=20&since=${encodeURIComponent(new Date().toISOString())}`, {
      headers: { authorization: `Bearer ${world.developerKey}` },
    }).then(() => Date.now());
    await sleep(300);
    const sentAt = Date.now();
    const single = smtpLoad(b.smtpPort, [addresses[1]], { connections: 1, maxMs: 1, tag: `${tag}x` });
    await single.stop();
    const crossWakeMs = (await waitOnA) - sentAt;
    await sleep(Math.max(0, (opts.downMs ?? 3000) - (Date.now() - down)));
    await world.redis!.start();
    const up = Date.now();
    const recovered = await until(async () => {
      const [ra, rb] = [await ready(a.url), await ready(b.url)];
      return [ra, rb].every((r) => r.status === 200 && (r.body as { checks: { redis: string } }).checks.redis === 'ok');
    }, 30_000);
    const readyAfter = await ready(a.url);
    const limitAfter = await spend();
    await Promise.all([load.stop(), waits.stop(), smtp.stop()]);
    const delivery = await checkDelivery(world, tag, smtp.stats);
    return {
      scenario: 'Redis stops and comes back',
      requests: log.requests,
      failures: log.failures(),
      declared: [],
      http: log,
      smtp: smtp.stats,
      delivery,
      maxRecoveryMs: recovered,
      notes: [`Redis down for ${up - down} ms`],
      readyDuring,
      readyAfter,
      limitDuring,
      limitAfter,
      crossWakeMs,
    };
  } finally {
    await world.close();
  }
}

/**
 * Item 5: more SMTP than the instance can process (one slow processor, a small INTAKE_MAX_QUEUED) and more HTTP than
 * it can answer in time. SMTP: 451 4.3.2 pushes back, resident memory stays bounded, every acknowledged message is
 * stored; HTTP: 503 with Retry-After while overloaded, 200s again by themselves afterwards.
 */
export async function overload(opts: { seconds?: number } = {}): Promise<ScenarioResult & { maxRssBytes: number; smtpMaxRssBytes: number; baseRssBytes: number; busy: number; shed: HttpOutcome[]; recoveredMs: number }> {
  const world = await createWorld({
    instances: 1,
    env: {
      INTAKE_CONCURRENCY: '1',
      INTAKE_MAX_QUEUED: '100',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '40',
      OVERLOAD_RETRY_AFTER_SECONDS: '1',
      RATE_LIMIT_TOOLS: '1000000',
      RATE_LIMIT_DEVELOPER: '1000000',
    },
  });
  const instance = world.instances[0];
  try {
    const tag = `ovl${Date.now().toString(36)}`;
    const addresses = await createAddresses(world, 4, tag);
    const baseRssBytes = await rssOf(instance.pid!);
    let maxRssBytes = baseRssBytes;
    const sampler = setInterval(() => void rssOf(instance.pid!).then((r) => (maxRssBytes = Math.max(maxRssBytes, r)), () => undefined), 100);
    const seconds = opts.seconds ?? 6;
    // SMTP: 40 connections, 20 kB messages, no pause.
    const smtp = smtpLoad(world.smtpPort, addresses, { connections: 40, maxMs: seconds * 1000, tag, bodyBytes: 20_000, retryMs: 500, giveUpMs: 120_000 });
    await sleep(seconds * 1000);
    await smtp.stop();
    const smtpMaxRssBytes = maxRssBytes;
    const busy = smtp.stats.replies.get('451 4.3.2') ?? 0;
    // HTTP: 200 concurrent QR codes at a time, for the same time.
    const log = new HttpLog();
    let n = 0;
    const qr = async (until: number) => {
      while (Date.now() < until) {
        // Each text its own, so no cache answers for the encoder.
        const started = Date.now();
        try {
          const res = await fetch(`${world.httpUrl}/api/tools/qr-code?type=text&text=overload-${n++}-${'x'.repeat(200)}&size=1000&format=png`, {
            headers: { 'x-api-key': world.toolsKey },
            signal: AbortSignal.timeout(30_000),
          });
          const body = await res.arrayBuffer();
          let error: string | undefined;
          if (res.status !== 200) error = (JSON.parse(Buffer.from(body).toString()) as { error: string }).error;
          log.add({ at: started, op: 'generateQrCode', status: res.status, error, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started });
        } catch (err) {
          log.add({ at: started, op: 'generateQrCode', status: 0, error: (err as Error).message, ms: Date.now() - started });
        }
      }
    };
    const end = Date.now() + seconds * 1000;
    await Promise.all(Array.from({ length: 200 }, () => qr(end)));
    const over = Date.now();
    const recoveredMs = await until(async () => (await fetch(`${world.httpUrl}/api/tools/age-calculator?birthDate=1990-05-15`, { headers: { 'x-api-key': world.toolsKey } })).status === 200, 30_000);
    clearInterval(sampler);
    const delivery = await checkDelivery(world, tag, smtp.stats, 120_000);
    const shed = log.outcomes.filter((o) => o.status === 503);
    const declared = (o: HttpOutcome) => o.status === 503 && o.error === 'service_unavailable' && o.retryAfter === '1';
    void over;
    return {
      scenario: 'overload (SMTP and HTTP)',
      requests: log.requests,
      failures: log.failures(declared),
      declared: log.outcomes.filter(declared),
      http: log,
      smtp: smtp.stats,
      delivery,
      maxRecoveryMs: recoveredMs,
      notes: [`RSS ${Math.round(baseRssBytes / 2 ** 20)} MiB at rest, at most ${Math.round(smtpMaxRssBytes / 2 ** 20)} MiB under SMTP overload, ${Math.round(maxRssBytes / 2 ** 20)} MiB under HTTP overload`],
      maxRssBytes,
      smtpMaxRssBytes,
      baseRssBytes,
      busy,
      shed,
      recoveredMs,
    };
  } finally {
    await world.close();
  }
}
