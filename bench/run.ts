/**
 * `npm run bench`: each case runs against a baseline measured in the same run, interleaved in rounds so both see the
 * same machine state, and is reported as the median and spread of its per-round ratios. Absolute numbers depend on
 * the machine; ratios are what the README and the issues quote.
 *
 * Two kinds of case: in-process ones (below; candidate time ÷ baseline time, lower is better) and the peer rows of
 * bench/peers.ts (Ephemail as `npm start` runs it against bare Fastify, Postfix, smtp-server and MailDev;
 * throughput ratios, higher is better). The results go to the console and to BENCHMARKS.md, between its
 * `<!-- bench:begin -->` and `<!-- bench:end -->` lines (`--out FILE` writes elsewhere).
 *
 * Options: `--quick` (tiny counts, one round: a smoke test that every row runs, its figures mean nothing),
 * `--rounds N`, `--rss-messages N` (default 20000), `--out FILE`. BENCH_DATABASE_URL (PostgreSQL server, default
 * postgres://postgres@127.0.0.1:5432/test) and BENCH_REDIS_URL (default redis://127.0.0.1:6379) for the PostgreSQL rows
 * and the scale-out case, each skipped with a note when it does not answer.
 *
 * An in-process case with a goal fails the run (exit 1) when it misses it, outside quick mode; the peer rows' goals
 * are reported in the tables, not enforced.
 */
import './env.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { createRuntime } from '../src/runtime.js';
import { loadConfig } from '../src/config.js';
import { createAccount } from '../src/identity/accounts.js';
import { createAddress, resolveRecipient } from '../src/mail/addresses.js';
import { createKey } from '../src/identity/keys.js';
import { ingestMessage } from '../src/mail/ingest/store.js';
import { HtmlValidate } from 'html-validate';
import { EMAIL_RULES, validateHtml } from '../src/mail/checks/html-validation.js';
import { webhookCases } from './webhooks.js';
import { waitCases } from './wait.js';
import { usageCases } from './usage.js';
import { scaleOutCases } from './scale.js';
import { connectSmtp } from './smtp.js';
import { median, peerRows } from './peers.js';
import { machineDescription, writeReport, type InProcessResult } from './report.js';
import type { BenchCase } from './case.js';
import { storeRows } from './store.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    'rss-messages': { type: 'string' },
    'store-messages': { type: 'string' },
    out: { type: 'string' },
  },
});
const quick = args.quick!;
const rounds = Number(args.rounds ?? (quick ? 1 : 5));
const rssMessages = Number(args['rss-messages'] ?? process.env.BENCH_RSS_MESSAGES ?? (quick ? 30 : 20_000));
const storeMessages = Number(args['store-messages'] ?? process.env.BENCH_STORE_MESSAGES ?? (quick ? 2000 : 1_000_000));
const outFile = path.resolve(args.out ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../BENCHMARKS.md'));
const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
const machineBefore = machineDescription();

async function time(fn: () => Promise<unknown>, ops: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops; i++) await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function run(c: BenchCase): Promise<InProcessResult> {
  const ops = quick ? Math.max(2, Math.ceil(c.ops / 50)) : c.ops;
  await time(c.baseline, Math.ceil(ops / 5)); // warm-up
  await time(c.candidate, Math.ceil(ops / 5));
  const ratios: number[] = [];
  let b = 0;
  let k = 0;
  for (let r = 0; r < rounds; r++) {
    const rb = await time(c.baseline, ops);
    const rk = await time(c.candidate, ops);
    ratios.push(rk / rb);
    b += rb;
    k += rk;
  }
  return { name: c.name, baselineName: c.baselineName, goal: c.goal, ratios, baselineMs: b / (rounds * ops), candidateMs: k / (rounds * ops) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-bench-'));
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir, MAIL_DOMAINS: 'bench.test', RATE_LIMIT_TOOLS: '1000000', RATE_LIMIT_DEVELOPER: '1000000' });
const runtime = await createRuntime(config, { logger: false, workers: false });
const { app } = runtime;
await app.ready();
const db = runtime.context.database.db;
const account = await createAccount(db, 'bench@example.com', 'developer');
const toolsKey = (await createKey(db, account, 'tools')).key;
const developerKey = (await createKey(db, account, 'developer')).key;
const address = await createAddress(db, config, account.id, { prefix: 'bench', expires_in: 3600 });
const target = await resolveRecipient(db, config, address.address);
if (target.kind !== 'live') throw new Error('bench address not live');
const recipient = { addressId: target.addressId, accountId: account.id, address: target.address };
const raw = await new MailComposer({ from: 'a@example.com', to: address.address, subject: 'bench', text: 'x'.repeat(2000) }).compile().build();

const { smtp } = runtime;
const smtpPort = await smtp.listen(0, '127.0.0.1');
// The processors that store what SMTP queued (runtime.start() would also listen on HTTP, which these cases do not need).
await runtime.intake.start();
const smtpClient = await connectSmtp(smtpPort);

const usage = await usageCases(config);
const plainValidator = new HtmlValidate(EMAIL_RULES);
const transactionalHtml = [
  '<!doctype html>',
  '<html lang="en"><head><meta charset="utf-8"><title>Confirm your email</title></head>',
  '<body style="margin:0;background:#f4f4f4">',
  '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">',
  '<table role="presentation" width="600" style="background:#ffffff;font-family:Arial,sans-serif">',
  '<tr><td style="padding:24px"><img src="https://example.com/logo.png" alt="Example" width="120"></td></tr>',
  '<tr><td style="padding:0 24px"><h1 style="font-size:20px">Confirm your email</h1>',
  '<p>Your code is <strong>482913</strong>. It expires in 10 minutes.</p>',
  '<p><a href="https://example.com/confirm?token=abc" style="color:#1a73e8">Confirm</a></p></td></tr>',
  '<tr><td style="padding:24px;font-size:12px;color:#888">You received this because you signed up at example.com.</td></tr>',
  '</table></td></tr></table></body></html>',
].join('\n');
const webhooks = await webhookCases({ db, config, accountId: account.id, recipient, raw });

const cases: BenchCase[] = [
  {
    name: 'keyed Tools call (auth + rate limit + validation + age)',
    baselineName: 'GET /health (no key)',
    baseline: () => app.inject({ url: '/health' }),
    candidate: () => app.inject({ url: '/api/tools/age-calculator?birthDate=1990-05-15', headers: { 'x-api-key': toolsKey } }),
    ops: 400,
  },
  {
    name: 'QR PNG 256 px',
    baselineName: 'QR JSON (same PNG as data URL)',
    baseline: () => app.inject({ url: '/api/tools/qr-code?text=hello&format=json', headers: { 'x-api-key': toolsKey } }),
    candidate: () => app.inject({ url: '/api/tools/qr-code?text=hello&format=png', headers: { 'x-api-key': toolsKey } }),
    ops: 100,
  },
  {
    name: 'list 20 messages (Developer API)',
    baselineName: 'GET /health (no key)',
    baseline: () => app.inject({ url: '/health' }),
    candidate: () => app.inject({ url: `/api/v1/email/${address.address}/messages`, headers: { authorization: `Bearer ${developerKey}` } }),
    ops: 200,
  },
  {
    name: 'SMTP delivery of a 2 kB message, acknowledged once queued (durable commit)',
    baselineName: 'ingestMessage() alone (parse + durable commit)',
    baseline: () => ingestMessage(db, raw, [recipient]),
    candidate: () => smtpClient.send(address.address, raw),
    ops: 50,
  },
  {
    // A message's first check (GET …/checks) validates its HTML on the event loop (src/mail/checks/html-validation.ts).
    name: 'HTML validation of a 1 kB transactional message (configuration resolved once)',
    baselineName: 'the same rules, html-validate resolving its configuration for each document (its default)',
    baseline: () => plainValidator.validateString(transactionalHtml, 'message.html'),
    candidate: () => validateHtml(transactionalHtml),
    ops: 100,
  },
  ...usage.cases,
  ...webhooks.cases,
  ...waitCases({ app, db, config, accountId: account.id, developerKey, address: address.address, send: (to) => smtpClient.send(to, raw) }),
];

console.log(`Ephemail benchmarks — ${machineBefore}${quick ? ' — quick mode: counts too small to mean anything' : ''}\n`);
let failed = false;
const inProcess: InProcessResult[] = [];
for (const c of cases) {
  const r = await run(c);
  inProcess.push(r);
  const ratio = median(r.ratios);
  const verdict = c.goal === undefined ? '' : ratio <= c.goal ? `  ✓ goal ≤ ${c.goal}` : `  ✗ goal ≤ ${c.goal}`;
  if (c.goal !== undefined && ratio > c.goal && !quick) failed = true;
  console.log(`${c.name}\n  vs ${c.baselineName}: ratio ${ratio.toFixed(2)} (${Math.min(...r.ratios).toFixed(2)}–${Math.max(...r.ratios).toFixed(2)})  (${r.candidateMs.toFixed(3)} ms vs ${r.baselineMs.toFixed(3)} ms per op)${verdict}\n`);
}

// Scale-out: two instances on PostgreSQL + Redis (skipped, with a note, when either does not answer; not in quick mode).
const scaleDb = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scaleRedis = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const scaleLines: string[] = [];
if (!quick) {
  try {
    for (const r of await scaleOutCases(scaleDb, scaleRedis)) {
      const goal = r.name.includes('on instance A') ? (r.p99 < 100 ? '  ✓ goal p99 < 100 ms' : '  ✗ goal p99 < 100 ms') : '';
      if (r.name.includes('on instance A') && r.p99 >= 100) failed = true;
      scaleLines.push(`${r.name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${goal}`);
      console.log(`${r.name}\n  p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${goal}\n`);
    }
  } catch (err) {
    scaleLines.push(`skipped: ${(err as Error).message} (needs PostgreSQL at ${scaleDb} and Redis at ${scaleRedis})`);
    console.log(`scale-out case skipped: ${(err as Error).message} (needs PostgreSQL at ${scaleDb} and Redis at ${scaleRedis})\n`);
  }
}

smtpClient.close();
await smtp.close();
await webhooks.close();
await usage.close();
await runtime.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

// Peer rows: separate processes, so the in-process app above is closed first.
console.log('Peer rows (Ephemail as `npm start` runs it, against other programs in the same run)\n');
const peers = await peerRows({
  quick,
  rounds,
  httpRequests: quick ? 100 : 3000,
  smtpMessages: quick ? 20 : 500,
  rssMessages,
  ...(quick ? { settleSeconds: 1 } : {}),
  postgresUrl: scaleDb,
  log: (line) => console.log(line),
});
console.log('\nA large store (SQLite, seeded directly; the list served by dist/main.js)\n');
const store = await storeRows({ large: storeMessages, small: quick ? 200 : 10_000, requests: quick ? 100 : 3000, rounds, log: (line) => console.log(line) });
for (const line of store) console.log(line);
writeReport(outFile, { command, machine: machineBefore, machineAfter: machineDescription(), quick, rounds, rssMessages, inProcess, scaleOut: scaleLines, peers, store });
console.log(`\nreport written to ${outFile}`);
process.exit(failed ? 1 : 0);
