/**
 * The scale-out case for `npm run bench` (bench/run.ts runs it when PostgreSQL and Redis answer): how long a
 * client blocked in a long-poll `wait` on instance A waits after instance B's SMTP listener acknowledged the message
 * (250), with 200 waiters at once, against the same path when the waiters sit on B itself. Both instances run in this
 * process but share nothing but the database and Redis: each has its own connection pool, event feed and wake-up
 * channel, exactly as two processes would.
 */
import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import pg from 'pg';
import { createRuntime } from '../src/runtime.js';
import { loadConfig } from '../src/config.js';
import { createAccount } from '../src/identity/accounts.js';
import { createAddress } from '../src/mail/addresses.js';
import { createKey } from '../src/identity/keys.js';
import { NO_DNS } from './env.js';
import { connectSmtp } from './smtp.js';

const WAITERS = 200;

export interface ScaleResult {
  name: string;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function scaleOutCases(databaseUrl: string, redisUrl: string): Promise<ScaleResult[]> {
  const name = `ephemail_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const env = {
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    MAIL_DOMAINS: 'bench.test',
    RATE_LIMIT_DEVELOPER: '1000000',
    EVENT_POLL_MS: '60000',
    DNS_SERVERS: process.env.DNS_SERVERS ?? NO_DNS,
    BOOTSTRAP: 'false',
  };
  const instance = async () => {
    const config = loadConfig(env);
    const runtime = await createRuntime(config, { logger: false, workers: false });
    const { port, smtpPort } = await runtime.start({ host: '127.0.0.1', port: 0, smtpPort: 0 });
    return { config, runtime, smtpPort, url: `http://127.0.0.1:${port}` };
  };
  const a = await instance();
  const b = await instance();
  const db = a.runtime.context.database.db;
  const account = await createAccount(db, 'scale@example.com', 'developer');
  const key = (await createKey(db, account, 'developer')).key;
  const headers = { authorization: `Bearer ${key}` };
  const client = await connectSmtp(b.smtpPort);
  let n = 0;

  /** 200 waiters on `on`, one per fresh address; B's SMTP delivers to each in turn; latency = answer − 250. */
  const measure = async (on: { url: string }): Promise<number[]> => {
    const addresses = [];
    for (let i = 0; i < WAITERS; i++) addresses.push((await createAddress(db, a.config, account.id, { prefix: `s${++n}`, expires_in: 3600 })).address);
    const answered = addresses.map((address) =>
      fetch(`${on.url}/api/v1/email/${address}/messages/wait?timeout=30`, { headers }).then(async (res) => {
        const at = performance.now();
        const body = (await res.json()) as { count: number };
        if (body.count !== 1) throw new Error(`wait answered ${JSON.stringify(body)}`);
        return at;
      }),
    );
    await new Promise((r) => setTimeout(r, 500)); // every waiter is listening
    const acknowledged: number[] = [];
    for (const address of addresses) {
      await client.send(address, Buffer.from(`From: a@example.com\r\nTo: ${address}\r\nSubject: scale\r\n\r\nhello`));
      acknowledged.push(performance.now());
    }
    const at = await Promise.all(answered);
    return at.map((t, i) => t - acknowledged[i]).sort((x, y) => x - y);
  };

  const results: ScaleResult[] = [];
  try {
    await measure(a); // warm-up
    const cross: number[] = [];
    const same: number[] = [];
    for (let round = 0; round < 3; round++) {
      cross.push(...(await measure(a)));
      same.push(...(await measure(b)));
    }
    for (const [label, values] of [
      ['SMTP 250 on instance B → wait answered on instance A (200 waiters)', cross],
      ['SMTP 250 on instance B → wait answered on instance B (200 waiters)', same],
    ] as const) {
      const sorted = [...values].sort((x, y) => x - y);
      results.push({ name: label, p50: percentile(sorted, 50), p99: percentile(sorted, 99) });
    }
  } finally {
    client.close();
    for (const i of [a, b]) {
      await i.runtime.stop();
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  return results;
}
