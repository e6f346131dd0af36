import net from 'node:net';
import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../helpers/app.js';
import { freePort } from '../../../helpers/probes.js';
import { dialog } from '../../../helpers/smtp-dialog.js';
import { createSmtpServer } from '../../../../src/smtp/server.js';
import { createIntake, type IntakeDeps } from '../../../../src/mail/ingest/intake.js';
import { MIN_INTERVAL_MS, memoryRelease } from '../../../../src/platform/memory.js';

const apps: TestApp[] = [];
const app = async (env: Record<string, string> = {}) => {
  const t = await makeTestApp({ env });
  apps.push(t);
  return t;
};
afterAll(async () => {
  for (const t of apps) await t.close();
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const port = await freePort();
  await new Promise<void>((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('error', () => resolve());
    probe.once('connect', () => {
      probe.destroy();
      resolve();
    });
  });
  return port;
}

/** A new address on `t`, with readers of its message count and of one of `t`'s metrics. */
async function mailbox(t: TestApp) {
  const headers = { authorization: `Bearer ${t.developerKey}` };
  const address: string = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers, payload: {} })).json().email;
  return {
    address,
    metric: async (name: string) => Number((await t.app.inject({ url: '/metrics' })).body.match(new RegExp(`^${name} (\\S+)$`, 'm'))?.[1]),
    count: async (): Promise<number> => (await t.app.inject({ url: `/api/v1/email/${address}/messages`, headers })).json().count,
  };
}

/**
 * `t`'s store behind an intake of its own (`deps` on top of `t`'s config, store and metrics), started, and an SMTP
 * listener in front of it; `run` sends through `transport`. Everything is closed and stopped afterwards.
 */
async function withIntake(t: TestApp, deps: Pick<IntakeDeps, 'now' | 'memory'>, run: (transport: nodemailer.Transporter) => Promise<void>): Promise<void> {
  const { config, database, metrics } = t.context;
  const intake = createIntake({ config, db: database.db, metrics, ...deps });
  const smtp = createSmtpServer({ config, db: database.db, metrics, intake });
  const port = await smtp.listen(0, '127.0.0.1');
  await intake.start();
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    await run(transport);
  } finally {
    transport.close();
    await smtp.close();
    await intake.stop();
  }
}

describe('getReadiness', () => {
  it('reports the messages acknowledged over SMTP and not yet stored, and how long the oldest has waited', async () => {
    const t = await app();
    const address = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: { authorization: `Bearer ${t.developerKey}` }, payload: {} })).json().email;
    // Processors not started: the message stays queued.
    const smtp = createSmtpServer({ config: t.context.config, db: t.context.database.db, intake: createIntake({ config: t.context.config, db: t.context.database.db }) });
    const port = await smtp.listen(0, '127.0.0.1');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'a@example.com', to: address, subject: 'waiting', text: 'x' });
    transport.close();
    await smtp.close();
    await new Promise((r) => setTimeout(r, 20));
    const res = await t.app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().intake.queued).toBe(1);
    expect(res.json().intake.lag_seconds).toBeGreaterThan(0);
  });

  it('answers 200 with each check when the store answers and every migration is applied', async () => {
    const t = await app();
    const res = await t.app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not_configured' }, intake: { queued: 0, lag_seconds: 0 } });
  });

  it('stays ready and names Redis degraded when REDIS_URL does not answer (the instance falls back)', async () => {
    const t = await app({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    const res = await t.app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'degraded' }, intake: { queued: 0, lag_seconds: 0 } });
  });

  it('answers 503 when a migration of this version is not applied, and once shutdown has begun', async () => {
    const t = await app();
    const [last] = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(t.context.database.db).then((r) => r.rows);
    await sql`delete from kysely_migration where name = ${last.name}`.execute(t.context.database.db);
    const pending = await t.app.inject({ url: '/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json().message).toBe(`Not ready: migrations not applied: ${last.name}.`);

    const fresh = await app();
    fresh.context.lifecycle.shuttingDown = true;
    const closing = await fresh.app.inject({ url: '/ready' });
    expect(closing.statusCode).toBe(503);
    expect(closing.json().message).toBe('Not ready: the instance is shutting down.');
    // Liveness is another question: the process is still up.
    expect((await fresh.app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});

describe('getMetrics', () => {
  it('counts HTTP requests by operationId and status, SMTP sessions, stored and refused mail, and the event-log lag', async () => {
    const t = await app();
    await t.app.inject({ url: '/health' });
    await t.app.inject({ url: '/api/tools/age-calculator?birthDate=1990-05-15' }); // 401: no key
    const address = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: { authorization: `Bearer ${t.developerKey}` }, payload: {} })).json().email;
    const smtp = createSmtpServer({ config: t.context.config, db: t.context.database.db, metrics: t.context.metrics });
    const port = await smtp.listen(0, '127.0.0.1');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'a@example.com', to: address, subject: 'counted', text: 'x' });
    await expect(transport.sendMail({ from: 'a@example.com', to: 'someone@elsewhere.example', subject: 'relay', text: 'x' })).rejects.toThrow();
    transport.close();
    await smtp.intake.drained();
    await smtp.close();

    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/^ephemail_http_requests_total\{operation="getHealth",method="GET",status="200"\} 1$/m);
    expect(text).toMatch(/^ephemail_http_requests_total\{operation="calculateAge",method="GET",status="401"\} 1$/m);
    expect(text).toMatch(/^ephemail_http_request_duration_seconds_count\{operation="getHealth",method="GET",status="200"\} 1$/m);
    expect(text).toMatch(/^ephemail_smtp_sessions_total 2$/m);
    expect(text).toMatch(/^ephemail_messages_stored_total 1$/m);
    expect(text).toMatch(/^ephemail_messages_accepted_total 1$/m);
    // The intake queue: drained, one message from 250 to stored, no failed attempt.
    expect(text).toMatch(/^ephemail_intake_queued 0$/m);
    expect(text).toMatch(/^ephemail_intake_lag_seconds 0$/m);
    expect(text).toMatch(/^ephemail_intake_latency_seconds_count 1$/m);
    expect(text).toMatch(/^ephemail_intake_failures_total 0$/m);
    expect(text).toMatch(/^ephemail_messages_refused_total\{reason="relay"\} 1$/m);
    // The webhook enqueuer does not run here: its cursor lags by every event so far (address created, message).
    expect(text).toMatch(/^ephemail_event_log_lag\{consumer="webhooks"\} [1-9]\d*$/m);
    expect(text).toMatch(/^ephemail_event_log_lag\{consumer="feed"\} \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    // Both SMTP connections were closed (the gauge drops when smtp-server reports the close).
    await expect.poll(async () => (await t.app.inject({ url: '/metrics' })).body.match(/^ephemail_smtp_connections (\d+)$/m)?.[1]).toBe('0');
  });

  it('gives memory back once a burst of MEMORY_RELEASE_AFTER messages is stored and no more mail arrives, and counts it', async () => {
    const t = await app({ MEMORY_RELEASE_AFTER: '3' });
    const { config, database, metrics } = t.context;
    const { address, metric } = await mailbox(t);
    // A burst queued while no processor runs, then processed once the clock says it is over (no mail arriving).
    const burst = async (n: number) => {
      let skew = 0;
      const intake = createIntake({ config, db: database.db, metrics, now: () => Date.now() + skew });
      const smtp = createSmtpServer({ config, db: database.db, metrics, intake });
      const port = await smtp.listen(0, '127.0.0.1');
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
      await Promise.all(Array.from({ length: n }, (_, i) => transport.sendMail({ from: 'a@example.com', to: address, subject: `message ${i}`, text: 'x' })));
      transport.close();
      skew = 5_000;
      await intake.start();
      await intake.drained();
      await smtp.close();
      return intake;
    };
    const two = await burst(2);
    // Stored, and the queue looked at again since (the processors' poll): two is not a burst of three.
    await new Promise((r) => setTimeout(r, config.intake.pollMs + 200));
    expect(await metric('ephemail_memory_releases_total')).toBe(0);
    await two.stop();
    const three = await burst(3);
    await expect.poll(() => metric('ephemail_memory_releases_total'), { timeout: 5_000 }).toBe(1);
    await three.stop();
    expect(await metric('ephemail_memory_released_bytes_total')).toBeGreaterThanOrEqual(0);
    const listed = await t.app.inject({ url: `/api/v1/email/${address}/messages`, headers: { authorization: `Bearer ${t.developerKey}` } });
    expect(listed.json().count).toBe(5);
  });

  it('gives memory back once mail stops after a burst its processors kept up with, without waiting for their poll', async () => {
    const t = await app({ MEMORY_RELEASE_AFTER: '3', INTAKE_POLL_MS: '60000' });
    const { address, metric, count } = await mailbox(t);
    // The intake's clock stands still while the mail comes: by it, mail is still arriving whenever the queue empties.
    const base = Date.now();
    let skew = 0;
    await withIntake(t, { now: () => base + skew }, async (transport) => {
      // One after another, each stored before the next is sent: the queue empties four times on the way.
      for (let i = 0; i < 4; i++) {
        await transport.sendMail({ from: 'a@example.com', to: address, subject: `message ${i}`, text: 'x' });
        // The first waits for the worker thread to load its parser (about a second from source, more on a busy machine).
        await expect.poll(count, { timeout: 15_000 }).toBe(i + 1);
      }
      expect(await metric('ephemail_memory_releases_total')).toBe(0);
      // Mail stops (by the clock): the burst of four is over, and memory goes back long before the poll's minute.
      skew = 5_000;
      await expect.poll(() => metric('ephemail_memory_releases_total'), { timeout: 5_000 }).toBe(1);
    });
  });

  it(`gives back a burst that ended within ${MIN_INTERVAL_MS / 1000} s of the last release by itself once they are over, with no more mail`, async () => {
    const t = await app({ MEMORY_RELEASE_AFTER: '3', INTAKE_POLL_MS: '60000' });
    const { address, metric, count } = await mailbox(t);
    // One clock for the intake and its releases: it stands still while mail comes (by it, mail is still arriving
    // whenever the queue empties), and runs again at the end.
    const base = Date.now();
    let standing: number | null = base;
    let skew = 0;
    const clock = () => standing ?? Date.now() + skew;
    await withIntake(t, { now: clock, memory: memoryRelease({ afterMessages: 3, metrics: t.context.metrics, now: clock }) }, async (transport) => {
      const burst = async (stored: number) => {
        for (let i = 0; i < 3; i++) {
          await transport.sendMail({ from: 'a@example.com', to: address, subject: `message ${stored + i}`, text: 'x' });
          await expect.poll(count, { timeout: 15_000 }).toBe(stored + i + 1);
        }
      };
      await burst(0);
      standing = base + 5_000; // mail stops: the first burst's memory goes back
      await expect.poll(() => metric('ephemail_memory_releases_total'), { timeout: 5_000 }).toBe(1);
      await burst(3);
      // Mail stops again, half a second before the first release's interval is over, and the clock runs on: the
      // intake looks again by itself (its poll is a minute away) and gives the second burst's memory back.
      skew = base + 5_000 + MIN_INTERVAL_MS - 500 - Date.now();
      standing = null;
      await expect.poll(() => metric('ephemail_memory_releases_total'), { timeout: 5_000 }).toBe(2);
    });
  });

  it('does not take a pause of the event loop in the middle of a burst for its end', async () => {
    const t = await app({ MEMORY_RELEASE_AFTER: '3', INTAKE_POLL_MS: '60000' });
    const { config, database, metrics } = t.context;
    const { address, metric, count } = await mailbox(t);
    // One clock for the intake and its releases: it stands still while the first three messages come (by it, mail is
    // still arriving whenever the queue empties), and runs again from the third one's store on.
    let standing: number | null = Date.now();
    const clock = () => standing ?? Date.now();
    const releases = memoryRelease({ afterMessages: 3, metrics, now: clock });
    let fourth: Promise<string> | undefined;
    let stored = 0;
    const memory = {
      stored(n: number) {
        releases.stored(n);
        stored += n;
        if (stored !== 3) return;
        // The third message's store holds the event loop up for 100 ms, as a slow sync to disk would, while a sender
        // finishes the fourth: its last line waits in the socket, and by the clock nothing was accepted for 100 ms.
        standing = null;
        fourth = sender.command('.');
        const until = performance.now() + 100;
        while (performance.now() < until);
      },
      idle: (arriving: boolean) => releases.idle(arriving),
    };
    const intake = createIntake({ config, db: database.db, metrics, now: clock, memory });
    const smtp = createSmtpServer({ config, db: database.db, metrics, intake });
    const port = await smtp.listen(0, '127.0.0.1');
    await intake.start();
    // The fourth message's sender, all but its terminating dot sent before the others come.
    const sender = await dialog(port);
    await sender.command('EHLO sender.example');
    expect(await sender.command('MAIL FROM:<d@example.com>')).toMatch(/^250/);
    expect(await sender.command(`RCPT TO:<${address}>`)).toMatch(/^250/);
    expect(await sender.command('DATA')).toMatch(/^354/);
    sender.write('Subject: message 3\r\n\r\nx\r\n');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      for (let i = 0; i < 3; i++) {
        await transport.sendMail({ from: 'a@example.com', to: address, subject: `message ${i}`, text: 'x' });
        await expect.poll(count, { timeout: 15_000 }).toBe(i + 1);
      }
      // The fourth was accepted right after the pause: the burst went on, and nothing was given back in its middle.
      expect(await fourth).toMatch(/^250/);
      expect(await metric('ephemail_memory_releases_total')).toBe(0);
      await expect.poll(count, { timeout: 5_000 }).toBe(4);
      // Once it is over, the burst of four gives its memory back, once.
      await expect.poll(() => metric('ephemail_memory_releases_total'), { timeout: 5_000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 200));
      expect(await metric('ephemail_memory_releases_total')).toBe(1);
    } finally {
      transport.close();
      sender.close();
      await smtp.close();
      await intake.stop();
    }
  });

  it('gives back what a smaller burst left once no mail has come for a quiet spell, by itself', async () => {
    const t = await app({ INTAKE_POLL_MS: '60000' });
    const { address, metric, count } = await mailbox(t);
    // A quiet spell of 1.5 s instead of QUIET_RELEASE_MS; two messages are under MEMORY_RELEASE_AFTER (10) but over a
    // tenth of it.
    await withIntake(t, { memory: memoryRelease({ afterMessages: 10, quietMs: 1500, metrics: t.context.metrics }) }, async (transport) => {
      for (let i = 0; i < 2; i++) {
        await transport.sendMail({ from: 'a@example.com', to: address, subject: `message ${i}`, text: 'x' });
        await expect.poll(count, { timeout: 15_000 }).toBe(i + 1);
      }
      const stored = performance.now();
      expect(await metric('ephemail_memory_releases_total')).toBe(0);
      // The intake looks again once the quiet spell is over (its poll is a minute away), and gives the memory back.
      await expect.poll(() => metric('ephemail_memory_releases_total'), { timeout: 10_000 }).toBe(1);
      expect(performance.now() - stored).toBeGreaterThan(1000);
      // Once: nothing was stored since.
      await new Promise((r) => setTimeout(r, 2000));
      expect(await metric('ephemail_memory_releases_total')).toBe(1);
    });
  });

  it("gives back a burst of MEMORY_RELEASE_AFTER when it ends, while an earlier burst's quiet spell is still awaited", async () => {
    const t = await app({ INTAKE_POLL_MS: '60000' });
    const { address, metric, count } = await mailbox(t);
    // One clock for the intake and its releases: it runs while the first message comes and is stored, stands still
    // while the burst of three comes (by it, mail is still arriving whenever the queue empties), and jumps at the end.
    let standing: number | null = null;
    const clock = () => standing ?? Date.now();
    const memory = memoryRelease({ afterMessages: 3, quietMs: 600_000, metrics: t.context.metrics, now: clock });
    await withIntake(t, { now: clock, memory }, async (transport) => {
      // A burst of one, over: its memory is due back after ten minutes of quiet, and the intake will look then.
      await transport.sendMail({ from: 'a@example.com', to: address, subject: 'message 0', text: 'x' });
      await expect.poll(count, { timeout: 15_000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      const stopped = Date.now();
      standing = stopped;
      for (let i = 1; i < 4; i++) {
        await transport.sendMail({ from: 'a@example.com', to: address, subject: `message ${i}`, text: 'x' });
        await expect.poll(count, { timeout: 15_000 }).toBe(i + 1);
      }
      expect(await metric('ephemail_memory_releases_total')).toBe(0);
      // Mail stops: the burst of three goes back now, not when the first one's quiet spell would be over.
      standing = stopped + 5_000;
      await expect.poll(() => metric('ephemail_memory_releases_total'), { timeout: 5_000 }).toBe(1);
    });
  });

  it('requires METRICS_TOKEN as a Bearer token when it is set', async () => {
    const t = await app({ METRICS_TOKEN: 'scrape-token-0123456789' });
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, error: 'missing_api_key' });
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token-9999999999' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, error: 'invalid_api_key' });
    const right = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-token-0123456789' } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('ephemail_http_requests_total');
  });
});

describe('overload protection', () => {
  it('answers 503 with Retry-After in the envelope when over a limit, but keeps /health and /metrics answering', async () => {
    // Any process is over a 1-byte RSS limit: the first sample (after 500 ms) puts the instance under pressure.
    const t = await app({ OVERLOAD_MAX_RSS_BYTES: '1', OVERLOAD_RETRY_AFTER_SECONDS: '7' });
    const call = () => t.app.inject({ url: '/api/tools/age-calculator?birthDate=1990-05-15', headers: { 'x-api-key': t.toolsKey } });
    await expect.poll(async () => (await call()).statusCode, { timeout: 5000, interval: 100 }).toBe(503);
    const res = await call();
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({ success: false, error: 'service_unavailable', message: 'The server is overloaded (it is using too much memory); retry in 7 s.' });
    expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200);
  });
});

describe('request logging', () => {
  it('writes one line per request, with credentials taken out of the URL', async () => {
    const { PassThrough } = await import('node:stream');
    const { createRuntime } = await import('../../../../src/runtime.js');
    const { testConfig, openTestDatabase } = await import('../../../helpers/app.js');
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (c: Buffer) => lines.push(...c.toString().split('\n').filter(Boolean)));
    const config = testConfig({ LOG_LEVEL: 'info' });
    const runtime = await createRuntime(config, { context: { database: await openTestDatabase('sqlite') }, logStream: stream, workers: false });
    const { app } = runtime;
    try {
      const secret = 'eph_tools_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
      const res = await app.inject({ url: `/api/tools/age-calculator?birthDate=1990-05-15&apikey=${secret}` });
      expect(res.statusCode).toBe(401);
      await new Promise((r) => setImmediate(r));
      const requestLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request' || String(l.msg).includes('request'));
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatchObject({
        method: 'GET',
        url: '/api/tools/age-calculator?birthDate=1990-05-15&apikey=[redacted]',
        operation: 'calculateAge',
        status: 401,
      });
      expect(lines.join('\n')).not.toContain(secret);
    } finally {
      await runtime.stop();
    }
  });
});
