/**
 * The peer rows of `npm run bench`: Ephemail as `npm start` runs it (dist/main.js, a process of its own) against
 * the programs a user would compare it with, each also a process of its own on loopback, measured in the same run
 * and interleaved round by round (baseline, candidate, baseline, ...). Every load is bounded by a count.
 *
 * - HTTP (autocannon, 10 connections): a keyed Tools call, a Developer-API list of 20 messages and a QR PNG against a
 *   bare Fastify route that answers the same bytes (bench/peers/bare-fastify.mjs).
 * - SMTP (Postfix smtp-source, 10 sessions, 2 kB messages): a new connection per message against Postfix smtp-sink;
 *   connections reused (-d) against a bare smtp-server that discards (bench/peers/bare-smtp.mjs), greeting at once
 *   as Ephemail does, and against MailDev (which holds its greeting 100 ms, as smtp-server does by default).
 * - `npm start` time to ready on an empty store, and RSS after N messages over SMTP (half a second after every one is
 *   stored, and 10 s later).
 * - The SMTP and list rows again with PostgreSQL (a database of its own, dropped afterwards).
 * - End to end: N messages sent and all listed through the API, against MailDev receiving them and listing them
 *   through its REST API, with smtp-source's message and with a text-and-HTML one (writeHtmlMessage); acceptance
 *   with DNS answering after 500 ms against 50 ms; 250 → `wait` answered, p99;
 *   reused-connection acceptance and end to end with INTAKE_BURST_RATE=200 against the default (SQLite).
 *
 * Every Ephemail instance's DNS is a loopback server answering NXDOMAIN after 50 ms (bench/slow-dns.ts): what a real
 * resolver costs for an uncached sender domain, so the rows show what DNS costs the mail path. One row uses the
 * machine's own resolver, and only when that resolver is on 127.0.0.0/8 (no query may leave the machine); an instance
 * started without a DNS named (dnsServersFor) gets a loopback port nothing answers on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import pg from 'pg';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { loadConfig } from '../src/config.js';
import { mailboxMessageQuery, mailboxPageQuery } from '../src/db/messages.js';
import type { Tables } from '../src/db/schema.js';
import { openDatabase } from '../src/db/database.js';
import { createAccount } from '../src/identity/accounts.js';
import { createAddress, resolveRecipient } from '../src/mail/addresses.js';
import { createKey } from '../src/identity/keys.js';
import { ingestMessage } from '../src/mail/ingest/store.js';
import { buildServer, SERVER_BUNDLE } from '../scripts/build-server.js';
import { NO_DNS } from './env.js';
import { postfixTools, type PostfixTools } from './postfix-tools.js';
import { startSlowDns } from './slow-dns.js';
import { answers, freePort, greets, onFreePorts } from '../test/helpers/probes.js';

export { freePort };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How `npm start` runs the server, read from package.json's start script (`VAR=value … node FLAGS dist/main.js`),
 * so that every row measures the process a user runs: its environment prefix and Node's flags.
 */
export function startCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const script: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const words = script.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0 || words[words.length - 1] !== 'dist/main.js') throw new Error(`package.json's start script is not "[VAR=value …] node [flags] dist/main.js": ${script}`);
  const env = Object.fromEntries(words.slice(0, node).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
  return { env, nodeArgs: words.slice(node + 1, -1) };
}
const peers = path.join(root, 'bench/peers');

/** Compiles Ephemail's own queries to PostgreSQL's SQL, without a connection (the ceilings that run them). */
const postgresCompiler = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export interface PeerOptions {
  quick: boolean;
  rounds: number;
  /** Requests per autocannon run. */
  httpRequests: number;
  /** Messages per smtp-source run. */
  smtpMessages: number;
  /** Messages sent before RSS is read. */
  rssMessages: number;
  /** How long after a burst the RSS row reads memory again, once it has settled (10 s; quick mode less). */
  settleSeconds?: number;
  /** PostgreSQL server for the PostgreSQL rows (a database is created in it); null skips them. */
  postgresUrl: string | null;
  log: (line: string) => void;
}

export interface Row {
  name: string;
  store: 'SQLite' | 'PostgreSQL' | '';
  candidate: string;
  baseline: string;
  unit: string;
  /** Candidate ÷ baseline, one per round. */
  ratios: number[];
  candidateValues: number[];
  baselineValues: number[];
  goal?: { text: string; met: (row: Row) => boolean };
  /** Why the row has no figures (a peer that could not be had), if it has none. */
  skipped?: string;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---------------------------------------------------------------------------------------------------------------
// Processes

interface Proc {
  child: ChildProcess;
  output: () => string;
  rssMb: () => number;
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

function launch(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Proc {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-20_000)));
  const exited = new Promise<void>((r) => child.once('exit', () => (running.delete(child), r())));
  return {
    child,
    output: () => out,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function until(what: string, proc: Proc, probe: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${what} exited during start-up:\n${proc.output()}`);
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

interface Ephemail extends Proc {
  url: string;
  smtpPort: number;
  /** Milliseconds from spawn until /ready answered 200. */
  readyMs: number;
}

/** The DNS every Ephemail instance of the peer rows uses unless a row says otherwise (set by peerRows). */
let benchDns: string | undefined;

/**
 * The DNS_SERVERS an instance gets: the caller's, else the bench's loopback DNS (`benchDns`), else this process's
 * environment's (bench/env.ts sets it), else bench/env.ts's closed loopback port — never the machine's resolver by
 * omission, which may be off the machine: a caller's `DNS_SERVERS: undefined` used to override the inherited value
 * and leave the instance with none. `''` asks for the machine's resolver, and is refused unless that resolver is on
 * 127.0.0.0/8.
 */
export function dnsServersFor(given: string | undefined, resolver = systemResolverOnLoopback): string {
  const chosen = given ?? benchDns ?? process.env.DNS_SERVERS ?? NO_DNS;
  if (chosen !== '') return chosen;
  const { ok, servers } = resolver();
  if (!ok) throw new Error(`DNS_SERVERS '' would use the machine's resolver (${servers.join(', ') || 'none'}), which is not on 127.0.0.0/8`);
  return chosen;
}

/** Starts dist/main.js as `npm start` does, with `env` on top; `bundle` runs another build (a before/after side by side). */
export function startEphemail(env: Record<string, string>, nodeArgs: string[] = [], bundle = SERVER_BUNDLE): Promise<Ephemail> {
  return onFreePorts(async () => {
    const [port, smtpPort] = [await freePort(), await freePort()];
    const started = performance.now();
    const start = startCommand();
    const proc = launch(process.execPath, [...start.nodeArgs, ...nodeArgs, bundle], {
      ...process.env,
      ...start.env,
      LOG_LEVEL: 'warn',
      BOOTSTRAP: 'false',
      MAIL_DOMAINS: 'bench.test',
      RATE_LIMIT_TOOLS: '1000000',
      RATE_LIMIT_DEVELOPER: '1000000',
      RATE_LIMIT_INBOUND: '100000000',
      SMTP_MAX_CLIENTS_PER_IP: '1000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      DATABASE_URL: '',
      ...env,
      DNS_SERVERS: dnsServersFor(env.DNS_SERVERS),
      PORT: String(port),
      SMTP_PORT: String(smtpPort),
      HOST: '127.0.0.1',
    });
    const url = `http://127.0.0.1:${port}`;
    await until('dist/main.js', proc, () => answers(`${url}/ready`));
    const readyMs = performance.now() - started;
    await until('dist/main.js SMTP', proc, () => greets(smtpPort));
    return { ...proc, url, smtpPort, readyMs };
  });
}

type BareRoute = { type: string; body: string; query?: { text: string; values: unknown[]; name?: string } };

/** With `databaseUrl`, a route that has a `query` runs it on PostgreSQL before it answers (bench/peers/bare-fastify.mjs). */
function startBareFastify(routes: Record<string, BareRoute> = {}, databaseUrl?: string): Promise<Proc & { url: string; readyMs: number }> {
  return onFreePorts(async () => {
    const port = await freePort();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-bench-routes-')), 'routes.json');
    fs.writeFileSync(file, JSON.stringify(routes));
    const started = performance.now();
    const proc = launch(process.execPath, [path.join(peers, 'bare-fastify.mjs'), String(port), file, ...(databaseUrl ? [databaseUrl] : [])]);
    const url = `http://127.0.0.1:${port}`;
    await until('bare Fastify', proc, () => answers(`${url}/ready`));
    const readyMs = performance.now() - started;
    fs.rmSync(path.dirname(file), { recursive: true, force: true }); // read at start
    return { ...proc, url, readyMs };
  });
}

/** `greetAtOnce`: with Ephemail's override of smtp-server's 100 ms greeting hold (bench/peers/bare-smtp.mjs). */
export function startBareSmtp(greetAtOnce = false): Promise<Proc & { port: number }> {
  return onFreePorts(async () => {
    const port = await freePort();
    const script = path.join(peers, 'bare-smtp.mjs');
    const proc = launch(process.execPath, greetAtOnce ? ['--import', 'tsx', script, String(port), 'greet-at-once'] : [script, String(port)]);
    await until('bare smtp-server', proc, () => greets(port));
    return { ...proc, port };
  });
}

function startSmtpSink(tools: PostfixTools): Promise<Proc & { port: number }> {
  return onFreePorts(async () => {
    const port = await freePort();
    // smtp-sink refuses to run as root without a user to switch to.
    const user = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
    const proc = launch(tools.smtpSink, [...user, `127.0.0.1:${port}`, '256'], tools.env);
    await until('smtp-sink', proc, () => greets(port));
    return { ...proc, port };
  });
}

function startMailDev(): Promise<Proc & { port: number; web: string }> {
  return onFreePorts(async () => {
    const [port, web] = [await freePort(), await freePort()];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-bench-maildev-'));
    const bin = path.join(root, 'node_modules/maildev/bin/maildev');
    const proc = launch(process.execPath, [bin, '--smtp', String(port), '--web', String(web), '--ip', '127.0.0.1', '--mail-directory', dir, '--silent']);
    await until('MailDev', proc, () => greets(port)).catch((err: unknown) => {
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    });
    return {
      ...proc,
      port,
      web: `http://127.0.0.1:${web}`,
      async stop() {
        await proc.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Load

export async function cannon(url: string, requests: number, headers: Record<string, string> = {}): Promise<number> {
  // autocannon notices the end of a bounded run at its next sample tick (1 s by default): tick often, or every run
  // would last a whole number of seconds.
  const r = await autocannon({ url, connections: 10, amount: requests, headers, timeout: 30, sampleInt: 10 });
  if (r.errors > 0 || r.timeouts > 0 || r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts`);
  return r.requests.total / r.duration;
}

/** Messages per second that `smtp-source -s 10 -l 2048 -m N [-d]` achieved against 127.0.0.1:port (`-F messageFile` instead of `-l 2048`: that message, headers and all, its lines ending in LF: smtp-source sends each with CRLF). */
export function smtpSource(tools: PostfixTools, port: number, to: string, messages: number, reuse: boolean, messageFile?: string): Promise<number> {
  const content = messageFile ? ['-F', messageFile] : ['-l', '2048'];
  const args = ['-s', '10', ...content, '-m', String(messages), ...(reuse ? ['-d'] : []), '-f', 'bench@example.com', '-t', to, `127.0.0.1:${port}`];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(tools.smtpSource, args, { env: tools.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout.on('data', (c: Buffer) => (err += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), Math.max(60_000, messages * 50));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0 || /error|fatal|warning/i.test(err)) reject(new Error(`smtp-source ${args.join(' ')}: exit ${code ?? signal}\n${err.slice(0, 2000)}`));
      else resolve(messages / seconds);
    });
  });
}

/** Polls `count` until it reaches `n` (bounded by `timeoutMs`); answers the messages per second since `started`. */
async function rateUntil(count: () => Promise<number>, n: number, started: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await count()) >= n) return n / ((performance.now() - started) / 1000);
    if (Date.now() > deadline) throw new Error(`only ${await count()} of ${n} messages visible after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * N messages sent over reused connections into a fresh address of an idle instance, until the API lists all N: msg/s.
 * `cpu`, when given, is told the CPU time (µs) that `spent` read over the same span, per message.
 */
async function endToEndRate(t: PostfixTools, e: Ephemail, developerKey: string, n: number, cpu?: { spent: () => number; per: (us: number) => void }, messageFile?: string): Promise<number> {
  const inbox = await newInbox(e, developerKey);
  await untilDrained(e, 600_000);
  const before = cpu?.spent() ?? 0;
  const started = performance.now();
  await smtpSource(t, e.smtpPort, inbox, n, true, messageFile);
  const rate = await rateUntil(listedCount(e, developerKey, inbox), n, started, 300_000);
  cpu?.per((cpu.spent() - before) / n);
  return rate;
}

/**
 * A transactional message as applications send it, written to a file for `smtp-source -F`: text and HTML
 * (multipart/alternative, quoted-printable, as nodemailer composes them), 6.6 kB, a code and 14 links. smtp-source's
 * own message is 2 kB of one text part, which reads a real message's processing cost low.
 */
export async function writeHtmlMessage(file: string): Promise<string> {
  const links = Array.from({ length: 14 }, (_, i) => `https://shop.example.com/p/${i}?utm_source=mail&utm_campaign=welcome&id=${1000 + i}`);
  const para = 'Thanks for signing up to Example Shop. Your account is almost ready; confirm your address to start ordering. ';
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:Arial} .btn{background:#06c;color:#fff;padding:8px}</style></head><body>
<table width="100%" cellpadding="0" cellspacing="0"><tr><td align="center"><table width="600">
<tr><td><h1>Welcome, Ada!</h1><p>${para.repeat(3)}</p><p>Your verification code is <b>482913</b>.</p>
${links.map((l, i) => `<tr><td><a class="btn" href="${l}">Product ${i} &amp; more</a> <span>Only \u20ac${i}9.99 today</span></td></tr>`).join('\n')}
<p>${para.repeat(4)}</p><p>Questions? Write to support@example.com.</p></td></tr></table></td></tr></table></body></html>`;
  const text = `Welcome, Ada!\n\n${para.repeat(3)}\n\nYour verification code is 482913.\n\n${links.join('\n')}\n\n${para.repeat(4)}\nQuestions? Write to support@example.com.\n`;
  const mail = new MailComposer({ from: 'Example Shop <noreply@shop.example.com>', to: 'ada@example.com', subject: 'Confirm your address', text, html });
  // smtp-source sends each line of the file with CRLF, and a CR already there as well (CR CR LF): its lines end in LF
  // alone, so that it arrives as nodemailer's SMTP transport sends it, every line ending in CRLF.
  fs.writeFileSync(file, (await mail.compile().build()).toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
  return file;
}

/**
 * Each thread of process `pid`, by thread id (Linux, /proc/PID/task/TID/schedstat; threads that ended are not there):
 * the nanoseconds it has been on a CPU, and those it has waited, ready to run, for one (time on the run queue).
 */
export function threadSchedNs(pid: number): Map<number, { cpu: number; waited: number }> {
  const out = new Map<number, { cpu: number; waited: number }>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const [cpu, waited] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
      out.set(Number(tid), { cpu, waited });
    } catch {
      /* the thread ended meanwhile */
    }
  }
  return out;
}

/** µs that the threads of process `pid` have been on a CPU (threadSchedNs, summed). */
function cpuMicros(pid: number): number {
  let ns = 0;
  for (const t of threadSchedNs(pid).values()) ns += t.cpu;
  return ns / 1000;
}

/** The same for every PostgreSQL server process on this machine (its backends and its background processes). */
function postgresCpuMicros(): number {
  let us = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') us += cpuMicros(Number(pid));
    } catch {
      /* the process ended meanwhile */
    }
  }
  return us;
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A fresh address on an Ephemail instance (so a row's count starts at 0). */
async function newInbox(e: Ephemail, developerKey: string): Promise<string> {
  const headers = { authorization: `Bearer ${developerKey}`, 'content-type': 'application/json' };
  return (await json<{ email: string }>(`${e.url}/api/v1/email/create`, { method: 'POST', headers, body: JSON.stringify({ expires_in: 86_400 }) })).email;
}

const listedCount = (e: Ephemail, developerKey: string, address: string) => async () =>
  (await json<{ count: number }>(`${e.url}/api/v1/email/${address}/messages?limit=1`, { headers: { authorization: `Bearer ${developerKey}` } })).count;

/** The memory releases (MEMORY_RELEASE_AFTER) an instance counts on /metrics, and what they gave back. */
export async function memoryReleases(e: Ephemail): Promise<{ count: number; mb: number }> {
  const text = await (await fetch(`${e.url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { count: value('ephemail_memory_releases_total'), mb: value('ephemail_memory_released_bytes_total') / 1_048_576 };
}

/** Waits (bounded) until the instance's intake queue is empty: every acknowledged message stored. */
export async function untilDrained(e: Ephemail, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await json<{ intake: { queued: number } }>(`${e.url}/ready`)).intake.queued > 0) {
    if (Date.now() > deadline) throw new Error(`intake queue not drained after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * How long an instance is left alone once its queue is empty, so that the run just sent is a burst of its own: the
 * intake takes mail to have stopped after 25 ms with none, vouched for by a timer that must run on time
 * (src/mail/ingest/intake.ts); a run sent sooner continues the burst before it. Each round's run has other servers'
 * runs before it; the warm-ups (and bench/threads.ts's runs) went back to back, so they made one burst of thousands,
 * which ended in a memory release (MEMORY_RELEASE_AFTER) right before the rounds: its collection makes V8 drop much of
 * the optimised code, and the first rounds ran at about half the rate while it was compiled again (BENCHMARKS.md,
 * intake, session 52).
 */
const BURST_APART_MS = 250;

/** untilDrained, then BURST_APART_MS more: the next run sent is a burst of its own, as a round's run is. */
export async function untilSettled(e: Ephemail, timeoutMs: number): Promise<void> {
  await untilDrained(e, timeoutMs);
  await new Promise((r) => setTimeout(r, BURST_APART_MS));
}

/** Whether the machine's own resolver is on loopback: only then may a row use it (no query may leave the machine). */
export function systemResolverOnLoopback(): { ok: boolean; servers: string[] } {
  let text = '';
  try {
    text = fs.readFileSync('/etc/resolv.conf', 'utf8');
  } catch {
    return { ok: false, servers: [] };
  }
  const servers = [...text.matchAll(/^\s*nameserver\s+(\S+)/gm)].map((m) => m[1]);
  return { ok: servers.length > 0 && servers.every((ip) => /^127\./.test(ip) || ip === '::1'), servers };
}

const p99 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.99) - 1)];
};

/**
 * `samples` times on an idle instance: a `wait` is held open on a fresh address, one message is sent over a reused
 * connection, and the time from its 250 to the wait's answer is taken; answers the p99 of those and of the send
 * itself (to the 250).
 */
async function waitLatency(e: Ephemail, developerKey: string, samples: number): Promise<{ waitP99: number; sendP99: number }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: e.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 });
  const waits: number[] = [];
  const sends: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const address = await newInbox(e, developerKey);
      const waiting = json<{ count: number }>(`${e.url}/api/v1/email/${address}/messages/wait?timeout=20`, { headers: { authorization: `Bearer ${developerKey}` } }).then((r) => ({
        at: performance.now(),
        count: r.count,
      }));
      await new Promise((r) => setTimeout(r, 20)); // the wait is registered: the instance is idle when the mail comes
      const sent = performance.now();
      await transport.sendMail({ from: 'shop@example.com', to: address, subject: `wait ${i}`, text: 'Your code is 493021.\n' });
      const acknowledged = performance.now();
      const answered = await waiting;
      if (answered.count !== 1) throw new Error(`wait answered ${answered.count} messages`);
      sends.push(acknowledged - sent);
      waits.push(Math.max(0, answered.at - acknowledged));
    }
  } finally {
    transport.close();
  }
  return { waitP99: p99(waits), sendP99: p99(sends) };
}

// ---------------------------------------------------------------------------------------------------------------
// Stores

export interface Seeded {
  env: Record<string, string>;
  toolsKey: string;
  developerKey: string;
  address: string;
  /** The last of its messages. */
  messageId: string;
  drop: () => Promise<void>;
}

/** A store with an account, a Tools key, a Developer key and an address holding 20 messages. */
export async function seedStore(postgresUrl: string | null): Promise<Seeded> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-bench-'));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => undefined as void;
  if (postgresUrl) {
    const name = `ephemail_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  }
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
  const config = loadConfig({ ...process.env, ...env, MAIL_DOMAINS: 'bench.test', LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl, dataDir });
  const db = database.db;
  const account = await createAccount(db, 'bench@example.com', 'developer');
  const toolsKey = (await createKey(db, account, 'tools')).key;
  const developerKey = (await createKey(db, account, 'developer')).key;
  const address = await createAddress(db, config, account.id, { prefix: 'bench', expires_in: 86_400 });
  const target = await resolveRecipient(db, config, address.address);
  if (target.kind !== 'live') throw new Error('bench address not live');
  let messageId = '';
  for (let i = 0; i < 20; i++) {
    const raw = await new MailComposer({ from: 'shop@example.com', to: address.address, subject: `Your code ${100000 + i}`, text: `Code ${100000 + i}\n${'x'.repeat(2000)}` })
      .compile()
      .build();
    [messageId] = await ingestMessage(db, raw, [{ addressId: target.addressId, accountId: account.id, address: target.address }]);
  }
  await database.close();
  return {
    env,
    toolsKey,
    developerKey,
    address: address.address,
    messageId,
    drop: async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Rows

function emptyRow(name: string, store: Row['store'], candidate: string, baseline: string, unit: string, goal?: Row['goal']): Row {
  return { name, store, candidate, baseline, unit, ratios: [], candidateValues: [], baselineValues: [], goal };
}

const atLeast = (x: number, what = '×') => ({ text: `≥ ${x}${what}`, met: (r: Row) => median(r.ratios) >= x });

/** Runs each round's measurements in order, baseline first, and records candidate ÷ baseline for each pair. */
async function interleave(rows: Array<{ row: Row; baseline: () => Promise<number>; candidate: () => Promise<number> }>, rounds: number, log: PeerOptions['log']) {
  for (let r = 0; r < rounds; r++) {
    for (const { row, baseline, candidate } of rows) {
      if (row.skipped) continue;
      try {
        const b = await baseline();
        const c = await candidate();
        row.baselineValues.push(b);
        row.candidateValues.push(c);
        row.ratios.push(c / b);
        log(`  round ${r + 1}: ${row.name}${row.store ? ` (${row.store})` : ''}: ${c.toFixed(0)} vs ${b.toFixed(0)} ${row.unit} = ${(c / b).toFixed(2)}`);
      } catch (err) {
        row.skipped = `failed: ${(err as Error).message.split('\n')[0]}`;
        log(`  ${row.name}: ${row.skipped}`);
      }
    }
  }
}

/** A row made of two other rows' measurements, round by round (candidate ÷ baseline of the same round). */
function pairRounds(row: Row, candidates: number[], baselines: number[], skipped?: string): void {
  if (skipped) row.skipped = skipped;
  for (let i = 0; i < Math.min(candidates.length, baselines.length); i++) {
    row.candidateValues.push(candidates[i]);
    row.baselineValues.push(baselines[i]);
    row.ratios.push(candidates[i] / baselines[i]);
  }
}

export async function peerRows(opts: PeerOptions): Promise<Row[]> {
  const dns50 = await startSlowDns(50);
  const dns500 = await startSlowDns(500);
  benchDns = dns50.server;
  try {
    return await peerRowsWithDns(opts, dns500.server);
  } finally {
    benchDns = undefined;
    await dns50.close();
    await dns500.close();
  }
}

async function peerRowsWithDns(opts: PeerOptions, slowDns: string): Promise<Row[]> {
  const rows: Row[] = [];
  const { log } = opts;
  // Whether a memory release (and the recompiling after it) came before the rounds: none should, with untilSettled.
  const logReleases = async (e: Ephemail, what: string) => log(`${what}: ${(await memoryReleases(e)).count} memory release(s) so far`);
  // Runs of each SMTP way before the rounds (below): four, or one in quick mode, whose figures mean nothing.
  const warmUps = opts.quick ? 1 : 4;
  log('building dist/main.js');
  await buildServer();
  let tools: PostfixTools | null = null;
  let toolsError = '';
  try {
    tools = postfixTools();
  } catch (err) {
    toolsError = `Postfix smtp-source/smtp-sink not available (${(err as Error).message.split('\n')[0]})`;
    log(toolsError);
  }

  // --- start time, empty store: dist/main.js against a bare Fastify process -----------------------------------
  {
    const row = emptyRow('`npm start` time to ready, empty store', 'SQLite', 'node dist/main.js until /ready answers 200', 'bare Fastify process until it answers', 'ms', {
      text: '< 1500 ms',
      met: (r) => median(r.candidateValues) < 1500,
    });
    await interleave(
      [
        {
          row,
          baseline: async () => {
            const p = await startBareFastify();
            await p.stop();
            return p.readyMs;
          },
          candidate: async () => {
            const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-bench-start-'));
            try {
              const p = await startEphemail({ DATA_DIR: dataDir });
              await p.stop();
              return p.readyMs;
            } finally {
              fs.rmSync(dataDir, { recursive: true, force: true });
            }
          },
        },
      ],
      opts.rounds,
      log,
    );
    rows.push(row);
  }

  // --- per store: HTTP and SMTP rows ------------------------------------------------------------------------------
  const stores: Array<{ store: 'SQLite' | 'PostgreSQL'; url: string | null }> = [{ store: 'SQLite', url: null }];
  if (opts.postgresUrl) stores.push({ store: 'PostgreSQL', url: opts.postgresUrl });
  for (const { store, url } of stores) {
    let seeded: Seeded;
    try {
      seeded = await seedStore(url);
    } catch (err) {
      const why = `${store} not available: ${(err as Error).message.split('\n')[0]}`;
      log(why);
      for (const name of ['list 20 messages (Developer API)', 'get one message (Developer API)', 'SMTP, new connection per message', 'SMTP, connections reused'])
        rows.push({ ...emptyRow(name, store, '', '', ''), skipped: why });
      continue;
    }
    // The instances and peers of a row start side by side (their start-up is not what these rows time).
    const [ephemail, unkept, uncached, unprepared] = await Promise.all([
      startEphemail(seeded.env),
      // SQLite's baselines for its own features: the store read on every call (no kept answers), with and without the
      // prepared-statement cache.
      store === 'SQLite' ? startEphemail({ ...seeded.env, SQLITE_KEPT_ANSWERS: 'false' }) : null,
      store === 'SQLite' ? startEphemail({ ...seeded.env, SQLITE_KEPT_ANSWERS: 'false', SQLITE_STATEMENT_CACHE: '0' }) : null,
      // PostgreSQL's baseline for its prepared statements: every query sent unnamed, parsed and planned again.
      store === 'PostgreSQL' ? startEphemail({ ...seeded.env, POSTGRES_STATEMENT_CACHE: '0' }) : null,
    ]);
    const tools_ = { 'x-api-key': seeded.toolsKey };
    const dev = { authorization: `Bearer ${seeded.developerKey}` };
    const agePath = '/api/tools/age-calculator?birthDate=1990-05-15';
    const qrPath = '/api/tools/qr-code?text=https%3A%2F%2Fexample.com%2Fverify%3Fcode%3D123456&size=256&format=png';
    const listPath = `/api/v1/email/${seeded.address}/messages`;
    const getPath = `/api/v1/email/${seeded.address}/messages/${seeded.messageId}`;
    // The bare routes answer exactly the bytes Ephemail answers.
    const record = async (p: string, headers: Record<string, string>) => {
      const res = await fetch(`${ephemail.url}${p}`, { headers });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return { type: res.headers.get('content-type') ?? 'application/octet-stream', body: Buffer.from(await res.arrayBuffer()).toString('base64') };
    };
    const [listed, got] = [await record(listPath, dev), await record(getPath, dev)];
    const bareStarted = startBareFastify({
      '/age': await record(agePath, tools_),
      '/qr': await record(qrPath, tools_),
      '/list': listed,
      '/get': got,
    });
    // PostgreSQL's ceiling: the same bare routes, each asking PostgreSQL first for the one row any right answer needs —
    // the mailbox, whose owner is checked and whose messages may have changed on another instance a moment ago.
    // Prepared, as Ephemail prepares its queries (POSTGRES_STATEMENT_CACHE).
    const mailboxQuery = { text: 'select id, account_id from addresses where address = $1', values: [seeded.address], name: 'mailbox' };
    // And the list's and the get's own queries, compiled from the same builders Ephemail runs (src/db/messages.ts).
    const ownQuery = (q: { compile(): { sql: string; parameters: readonly unknown[] } }, name: string) => {
      const { sql: text, parameters } = q.compile();
      return { text, values: [...parameters], name };
    };
    const bareQuerying =
      store === 'PostgreSQL'
        ? await startBareFastify(
            {
              '/list': { ...listed, query: mailboxQuery },
              '/get': { ...got, query: mailboxQuery },
              '/list-own': { ...listed, query: ownQuery(mailboxPageQuery(postgresCompiler, seeded.address, { limit: 20, offset: 0 }), 'list') },
              '/get-own': { ...got, query: ownQuery(mailboxMessageQuery(postgresCompiler, seeded.address, seeded.messageId), 'get') },
            },
            seeded.env.DATABASE_URL,
          )
        : null;
    const bare = await bareStarted;
    const n = opts.httpRequests;
    // The bare routes are an order of magnitude faster: more requests keep their runs long enough to time well
    // (autocannon times a run in 10 ms ticks, so a run of a tenth of a second is off by up to a tenth). The Tools
    // and QR calls are within a few times the bare route's speed, a single message within ten: they get more too.
    const bareN = n * 5;
    const fastN = n * 5;
    const getN = n * 2;
    // On SQLite a list or a get of an unchanged mailbox is answered as fast as a Tools call (kept answers).
    const readN = store === 'SQLite' ? fastN : n;
    const http: Array<{ row: Row; baseline: () => Promise<number>; candidate: () => Promise<number> }> = [];
    if (store === 'SQLite') {
      http.push({
        row: emptyRow('keyed Tools call (age-calculator)', store, `GET ${agePath} with a Tools key`, 'bare Fastify route, same JSON', 'req/s', atLeast(0.5)),
        baseline: () => cannon(`${bare.url}/age`, bareN),
        candidate: () => cannon(`${ephemail.url}${agePath}`, fastN, tools_),
      });
      // The prepared-statement cache, before and after: the same server with SQLITE_STATEMENT_CACHE=0 as the baseline.
      http.push({
        row: emptyRow('keyed Tools call, statement cache on ÷ off', store, 'the same call (cache of 500)', 'the same call, SQLITE_STATEMENT_CACHE=0', 'req/s'),
        baseline: () => cannon(`${uncached!.url}${agePath}`, fastN, tools_),
        candidate: () => cannon(`${ephemail.url}${agePath}`, fastN, tools_),
      });
      http.push({
        row: emptyRow('QR PNG 256 px, same content repeated', store, `GET /api/tools/qr-code …&size=256&format=png with a Tools key`, 'bare Fastify route, same PNG', 'req/s', atLeast(0.5)),
        baseline: () => cannon(`${bare.url}/qr`, bareN),
        candidate: () => cannon(`${ephemail.url}${qrPath}`, fastN, tools_),
      });
    }
    http.push({
      row: emptyRow('list 20 messages (Developer API)', store, `GET /api/v1/email/{address}/messages with a Developer key`, 'bare Fastify route, same JSON', 'req/s', atLeast(store === 'SQLite' ? 0.3 : 0.25)),
      baseline: () => cannon(`${bare.url}/list`, bareN),
      candidate: () => cannon(`${ephemail.url}${listPath}`, readN, dev),
    });
    http.push({
      row: emptyRow('get one message (Developer API)', store, `GET /api/v1/email/{address}/messages/{id} with a Developer key`, 'bare Fastify route, same JSON', 'req/s', atLeast(0.3)),
      baseline: () => cannon(`${bare.url}/get`, bareN),
      candidate: () => cannon(`${ephemail.url}${getPath}`, readN, dev),
    });
    if (bareQuerying) {
      const ceilings = [
        ['list 20 messages', 'list', 'one PostgreSQL query', 'one indexed query (the mailbox)'],
        ['get one message', 'get', 'one PostgreSQL query', 'one indexed query (the mailbox)'],
        ['list 20 messages', 'list-own', 'its own query', "the list's own query, prepared (the mailbox and its page)"],
        ['get one message', 'get-own', 'its own query', "the get's own query, prepared (the mailbox and the message)"],
      ] as const;
      for (const [what, route, which, after] of ceilings) {
        http.push({
          row: emptyRow(`ceiling: ${what}, ${which}`, store, `bare Fastify route, same JSON after ${after}`, 'bare Fastify route, same JSON', 'req/s'),
          baseline: () => cannon(`${bare.url}/${route.replace('-own', '')}`, bareN),
          candidate: () => cannon(`${bareQuerying.url}/${route}`, bareN),
        });
      }
    }
    if (unprepared) {
      http.push({
        row: emptyRow('list 20 messages, statements prepared ÷ unnamed', store, 'the same list, each query prepared once per connection', 'the same list, POSTGRES_STATEMENT_CACHE=0', 'req/s'),
        baseline: () => cannon(`${unprepared.url}${listPath}`, n, dev),
        candidate: () => cannon(`${ephemail.url}${listPath}`, n, dev),
      });
      http.push({
        row: emptyRow('get one message, statements prepared ÷ unnamed', store, 'the same get, each query prepared once per connection', 'the same get, POSTGRES_STATEMENT_CACHE=0', 'req/s'),
        baseline: () => cannon(`${unprepared.url}${getPath}`, getN, dev),
        candidate: () => cannon(`${ephemail.url}${getPath}`, getN, dev),
      });
    }
    if (uncached && unkept) {
      http.push({
        row: emptyRow('list 20 messages, statement cache on ÷ off', store, 'the same list read from the store (cache of 500)', 'the same list read from the store, SQLITE_STATEMENT_CACHE=0', 'req/s'),
        baseline: () => cannon(`${uncached.url}${listPath}`, n, dev),
        candidate: () => cannon(`${unkept.url}${listPath}`, n, dev),
      });
      // What a list or a get costs when the store changed since the last one (new mail between two polls).
      http.push({
        row: emptyRow('list 20 messages, kept answers on ÷ off', store, 'the same list, kept between changes', 'the same list read from the store, SQLITE_KEPT_ANSWERS=false', 'req/s'),
        baseline: () => cannon(`${unkept.url}${listPath}`, n, dev),
        candidate: () => cannon(`${ephemail.url}${listPath}`, readN, dev),
      });
      http.push({
        row: emptyRow('get one message, kept answers on ÷ off', store, 'the same get, kept between changes', 'the same get read from the store, SQLITE_KEPT_ANSWERS=false', 'req/s'),
        baseline: () => cannon(`${unkept.url}${getPath}`, getN, dev),
        candidate: () => cannon(`${ephemail.url}${getPath}`, readN, dev),
      });
    }
    // Warm-up: JIT and caches on both sides, not recorded (none in quick mode, whose figures mean nothing anyway).
    for (const h of opts.quick ? [] : http) {
      await h.baseline().catch(() => 0);
      await h.candidate().catch(() => 0);
    }
    log(`${store}: HTTP rows`);
    await interleave(http, opts.rounds, log);
    rows.push(...http.map((h) => h.row));
    await Promise.all([bare.stop(), uncached?.stop(), unprepared?.stop(), unkept?.stop(), bareQuerying?.stop()]);

    const m = opts.smtpMessages;
    const perConnection = emptyRow('SMTP, new connection per message', store, '`smtp-source -s 10 -l 2048 -m N` into Ephemail', 'Postfix smtp-sink', 'msg/s', atLeast(0.25));
    // The bare smtp-server greets at once, as Ephemail's listener does (SMTP_GREETING_DELAY_MS=0). With the library's
    // default 100 ms hold before the greeting, each of smtp-source's ten sessions waits that long first, and in a run
    // of 500 messages that wait was most of the bare server's time (2 700–3 200 msg/s against 5 800–8 700 greeting at
    // once, same machine): a baseline that mostly sleeps. That comparison stays below as a row without a goal.
    const reusedBare = emptyRow('SMTP, connections reused', store, '`smtp-source -s 10 -l 2048 -m N -d` into Ephemail', 'bare smtp-server that discards, greeting at once as Ephemail does', 'msg/s', atLeast(0.5));
    const reusedBareHeld = emptyRow(
      'SMTP, connections reused, against the library\'s default greeting',
      store,
      '`smtp-source -s 10 -l 2048 -m N -d` into Ephemail',
      'bare smtp-server that discards, holding its greeting 100 ms (smtp-server\'s default)',
      'msg/s',
    );
    const reusedMailDev = emptyRow('SMTP, connections reused', store, '`smtp-source -s 10 -l 2048 -m N -d` into Ephemail', 'MailDev 2.2.1', 'msg/s', atLeast(2));
    const endToEnd = emptyRow(
      'end to end: N messages sent and all listed',
      store,
      '`smtp-source -d` into Ephemail until the API lists all N',
      'MailDev 2.2.1 until its REST API (`GET /email`) lists all N',
      'msg/s',
      atLeast(1.5),
    );
    // No goal: the same row with a message as applications send it (writeHtmlMessage), which costs its processing
    // more than smtp-source's: both sides parse it (MailDev with mailparser too).
    const endToEndHtml = emptyRow(
      'end to end, a 6.6 kB text-and-HTML message',
      store,
      '`smtp-source -d -F` (nodemailer\'s text and HTML) into Ephemail until the API lists all N',
      'MailDev 2.2.1, the same message, until its REST API lists all N',
      'msg/s',
    );
    const slowDnsRow = emptyRow('SMTP acceptance, DNS answering after 500 ms ÷ 50 ms', store, '`smtp-source -d` into Ephemail, DNS after 500 ms', 'the same into Ephemail, DNS after 50 ms', 'msg/s', atLeast(0.9));
    const systemDns = emptyRow('SMTP, connections reused, the machine\'s resolver', store, '`smtp-source -d` into Ephemail, DNS_SERVERS unset', 'bare smtp-server that discards, greeting at once', 'msg/s');
    // The ceilings: the same library doing nothing but read and discard, against the same peers in the same rounds.
    // No listener built on smtp-server goes faster than it, so a goal above its ratio cannot be met with it.
    const ceilingConnection = emptyRow(
      'ceiling: SMTP, new connection per message',
      store,
      'bare smtp-server that discards, greeting at once as Ephemail does',
      'Postfix smtp-sink',
      'msg/s',
    );
    const ceilingMailDev = emptyRow(
      'ceiling: SMTP, connections reused',
      store,
      'bare smtp-server that discards, greeting at once (the reused row\'s runs)',
      'MailDev 2.2.1 (the row above\'s runs)',
      'msg/s',
    );
    const ceilingEndToEnd = emptyRow(
      'ceiling: end to end',
      store,
      'bare smtp-server accepting N, greeting at once (it keeps and lists nothing; the reused row\'s runs)',
      'MailDev 2.2.1 until its REST API lists all N (the end-to-end row\'s runs)',
      'msg/s',
    );
    // What each side spent to get there: the distance the end-to-end goal leaves, in CPU rather than in time. On
    // PostgreSQL the database's own processes work for Ephemail too, and are counted with it.
    const cpuEndToEnd = emptyRow(
      'CPU per message, end to end',
      store,
      store === 'PostgreSQL' ? "Ephemail's threads and PostgreSQL's processes (the end-to-end row's runs)" : "Ephemail's threads (the end-to-end row's runs)",
      "MailDev's threads (the end-to-end row's runs)",
      'µs',
    );
    // Acceptance first (INTAKE_BURST_RATE, off by default) against the default, on twin instances.
    const burstAccepted = emptyRow('SMTP, connections reused, INTAKE_BURST_RATE=200 ÷ default', store, '`smtp-source -d` into Ephemail, INTAKE_BURST_RATE=200', 'the same into Ephemail, default (off)', 'msg/s');
    const burstEndToEnd = emptyRow('end to end, INTAKE_BURST_RATE=200 ÷ default', store, 'N sent until the API lists all N, INTAKE_BURST_RATE=200', 'the same, default (off)', 'msg/s');
    const newRows = store === 'SQLite' ? [endToEnd, slowDnsRow, systemDns, burstAccepted, burstEndToEnd] : [endToEnd];
    if (!tools) {
      for (const r of [perConnection, ceilingConnection, reusedBare, reusedBareHeld, reusedMailDev, ceilingMailDev, ...newRows, ceilingEndToEnd, cpuEndToEnd, endToEndHtml]) rows.push({ ...r, skipped: toolsError });
    } else {
      const t = tools;
      const [sink, bareSmtp, bareAtOnce, maildev] = await Promise.all([startSmtpSink(t), startBareSmtp(), startBareSmtp(true), startMailDev()]);
      const send = (port: number, to: string, reuse: boolean) => () => smtpSource(t, port, to, m, reuse);
      // Each Ephemail run starts once the intake queues of `quiet` are empty (not timed): a row measures its own burst,
      // accepted while the processors store it, not the backlog the row before left — on this instance, nor on a twin
      // sharing the cores (the DNS and INTAKE_BURST_RATE rows compare two instances, run after run).
      const afterQuiet = <T>(quiet: Ephemail[], run: () => Promise<T>) => async () => (await Promise.all(quiet.map((e) => untilDrained(e, 600_000))), run());
      const drainedSend = (e: Ephemail, to: string, reuse: boolean, quiet: Ephemail[] = [e]) => afterQuiet(quiet, send(e.smtpPort, to, reuse));
      // Twin instances (the DNS and INTAKE_BURST_RATE rows) warmed up as the main one is: `warmUps` reused runs each,
      // every run a burst of its own (untilSettled); then the releases each counted, which should be none.
      const warmUpTwins = async (twins: Array<{ e: Ephemail; to: string; name: string }>) => {
        for (let i = 0; i < warmUps; i++) {
          for (const { e, to } of twins) await send(e.smtpPort, to, true)().catch(() => 0);
          await Promise.all(twins.map(({ e }) => untilSettled(e, 600_000)));
        }
        for (const { e, name } of twins) await logReleases(e, `${store}: after the warm-up, ${name}`);
      };
      const peerTo = 'someone@bench.test';
      // Warm-up, not recorded: Ephemail and the bare smtp-servers four runs in each way they are measured, so that the
      // rounds measure servers that have run a while. A new connection per message runs code that reused connections
      // do not: warmed with one reused run only, its first two rounds were slower than the later ones (836 and 1 023
      // against 1 199–1 287 msg/s, the bare smtp-server's 1 932 and 2 367 against 2 930–3 714); with one run each way,
      // Ephemail's still rose from round to round (837, 882, 1 014, 1 013, 1 065; partly, it seems, the memory release
      // its warm-up ended in: sent back to back, the warm-ups were one burst — session 52, hence untilSettled between
      // Ephemail's runs, each a burst of its own as in the rounds). MailDev keeps one run, as before: it does not speed
      // up with more, it slows down — after four runs its end-to-end rate was 774–828 msg/s from the second round on,
      // against 1 106–1 830 after one — and a warm-up that lowers a peer's rate flatters Ephemail.
      for (const [port, to, reuse] of [
        [ephemail.smtpPort, seeded.address, false],
        [ephemail.smtpPort, seeded.address, true],
        [bareAtOnce.port, peerTo, false],
        [bareAtOnce.port, peerTo, true],
        [bareSmtp.port, peerTo, true],
      ] as const) {
        for (let i = 0; i < warmUps; i++) {
          await send(port, to, reuse)().catch(() => 0);
          if (port === ephemail.smtpPort) await untilSettled(ephemail, 600_000);
        }
      }
      await send(maildev.port, peerTo, true)().catch(() => 0);
      await untilDrained(ephemail, 600_000);
      await logReleases(ephemail, `${store}: after the warm-up`);
      log(`${store}: SMTP rows`);
      await interleave(
        [
          { row: perConnection, baseline: send(sink.port, peerTo, false), candidate: drainedSend(ephemail, seeded.address, false) },
          { row: ceilingConnection, baseline: send(sink.port, peerTo, false), candidate: send(bareAtOnce.port, peerTo, false) },
          { row: reusedBare, baseline: send(bareAtOnce.port, peerTo, true), candidate: drainedSend(ephemail, seeded.address, true) },
          { row: reusedBareHeld, baseline: send(bareSmtp.port, peerTo, true), candidate: drainedSend(ephemail, seeded.address, true) },
          { row: reusedMailDev, baseline: send(maildev.port, peerTo, true), candidate: drainedSend(ephemail, seeded.address, true) },
        ],
        opts.rounds,
        log,
      );
      await logReleases(ephemail, `${store}: after the SMTP rows`);
      pairRounds(ceilingMailDev, reusedBare.baselineValues, reusedMailDev.baselineValues, reusedBare.skipped ?? reusedMailDev.skipped);
      rows.push(perConnection, ceilingConnection, reusedBare, reusedBareHeld, reusedMailDev, ceilingMailDev);

      log(`${store}: end to end`);
      const maildevCount = async () => (await json<unknown[]>(`${maildev.web}/email`)).length;
      const cpu = { ephemail: [] as number[], maildev: [] as number[] };
      const ephemailCpu = () => cpuMicros(ephemail.child.pid!) + (store === 'PostgreSQL' ? postgresCpuMicros() : 0);
      // Read from Linux's /proc; elsewhere the CPU row is skipped and the end-to-end row runs as before.
      const procCpu = fs.existsSync(`/proc/${process.pid}/task`);
      if (!procCpu) cpuEndToEnd.skipped = 'no /proc to read CPU time from (Linux only)';
      const maildevEndToEnd = async (messageFile?: string) => {
        await fetch(`${maildev.web}/email/all`, { method: 'DELETE' });
        const before = procCpu ? cpuMicros(maildev.child.pid!) : 0;
        const started = performance.now();
        await smtpSource(t, maildev.port, peerTo, m, true, messageFile);
        const rate = await rateUntil(maildevCount, m, started, 300_000);
        // The CPU row is read over smtp-source's own message, as the end-to-end row with a goal sends it.
        if (procCpu && !messageFile) cpu.maildev.push((cpuMicros(maildev.child.pid!) - before) / m);
        return rate;
      };
      const htmlMessage = await writeHtmlMessage(path.join(os.tmpdir(), `ephemail-bench-html-${process.pid}.eml`));
      await interleave(
        [
          {
            row: endToEnd,
            baseline: () => maildevEndToEnd(),
            candidate: () => endToEndRate(t, ephemail, seeded.developerKey, m, procCpu ? { spent: ephemailCpu, per: (us) => cpu.ephemail.push(us) } : undefined),
          },
          { row: endToEndHtml, baseline: () => maildevEndToEnd(htmlMessage), candidate: () => endToEndRate(t, ephemail, seeded.developerKey, m, undefined, htmlMessage) },
        ],
        opts.rounds,
        log,
      );
      fs.rmSync(htmlMessage, { force: true });
      await logReleases(ephemail, `${store}: after the end-to-end rows`);
      pairRounds(ceilingEndToEnd, reusedBare.baselineValues, endToEnd.baselineValues, reusedBare.skipped ?? endToEnd.skipped);
      pairRounds(cpuEndToEnd, cpu.ephemail, cpu.maildev, cpuEndToEnd.skipped ?? endToEnd.skipped);
      rows.push(endToEnd, ceilingEndToEnd, cpuEndToEnd, endToEndHtml);

      if (store === 'SQLite') {
        // A store of its own: one SQLite store belongs to one server. The 50 ms side is a new instance too, so both
        // sides start alike rather than against the instance every row above has filled.
        const resolver = systemResolverOnLoopback();
        const [slowSeeded, fastSeeded, systemSeeded] = await Promise.all([seedStore(url), seedStore(url), resolver.ok ? seedStore(url) : null]);
        const [slow, fast, system] = await Promise.all([
          startEphemail({ ...slowSeeded.env, DNS_SERVERS: slowDns }),
          startEphemail(fastSeeded.env),
          systemSeeded ? startEphemail({ ...systemSeeded.env, DNS_SERVERS: '' }) : null,
        ]);
        if (!resolver.ok) systemDns.skipped = `the machine's resolver (${resolver.servers.join(', ') || 'none'}) is not on 127.0.0.0/8, and no query may leave the machine`;
        const dnsTwins = [slow, fast, ...(system ? [system] : [])];
        log(`${store}: DNS rows`);
        // Warmed up as the other rows' instances are: four reused runs each (one until session 49).
        await warmUpTwins([
          { e: slow, to: slowSeeded.address, name: "the DNS rows' instance with DNS after 500 ms" },
          { e: fast, to: fastSeeded.address, name: "the DNS rows' instance with DNS after 50 ms" },
        ]);
        await interleave(
          [
            { row: slowDnsRow, baseline: drainedSend(fast, fastSeeded.address, true, dnsTwins), candidate: drainedSend(slow, slowSeeded.address, true, dnsTwins) },
            ...(system && systemSeeded ? [{ row: systemDns, baseline: send(bareAtOnce.port, peerTo, true), candidate: drainedSend(system, systemSeeded.address, true, dnsTwins) }] : []),
          ],
          opts.rounds,
          log,
        );
        rows.push(slowDnsRow, systemDns);
        await Promise.all([slow.stop(), fast.stop(), system?.stop()]);
        await slowSeeded.drop();
        await fastSeeded.drop();
        await systemSeeded?.drop();

        // Acceptance first (INTAKE_BURST_RATE, off by default): what it buys the senders and costs the readers, against
        // the default on a twin instance, both warmed up as the rows above are.
        const [firstSeeded, plainSeeded] = await Promise.all([seedStore(url), seedStore(url)]);
        const [first, plain] = await Promise.all([startEphemail({ ...firstSeeded.env, INTAKE_BURST_RATE: '200' }), startEphemail(plainSeeded.env)]);
        log(`${store}: INTAKE_BURST_RATE rows`);
        await warmUpTwins([
          { e: first, to: firstSeeded.address, name: 'the INTAKE_BURST_RATE instance' },
          { e: plain, to: plainSeeded.address, name: 'its twin' },
        ]);
        // Each run starts once both twins' queues are empty: the instance with the option leaves its whole burst to
        // be stored after its run, and that work must not fall into the other's next run.
        const bothQuiet = <T>(run: () => Promise<T>) => afterQuiet([first, plain], run);
        await interleave(
          [
            { row: burstAccepted, baseline: bothQuiet(send(plain.smtpPort, plainSeeded.address, true)), candidate: bothQuiet(send(first.smtpPort, firstSeeded.address, true)) },
            {
              row: burstEndToEnd,
              baseline: bothQuiet(() => endToEndRate(t, plain, plainSeeded.developerKey, m)),
              candidate: bothQuiet(() => endToEndRate(t, first, firstSeeded.developerKey, m)),
            },
          ],
          opts.rounds,
          log,
        );
        rows.push(burstAccepted, burstEndToEnd);
        await Promise.all([first.stop(), plain.stop()]);
        await firstSeeded.drop();
        await plainSeeded.drop();
      }
      await Promise.all([sink.stop(), bareSmtp.stop(), bareAtOnce.stop(), maildev.stop()]);
    }
    await ephemail.stop();
    await seeded.drop();
  }

  // --- 250 → wait answered, idle instance (SQLite) -------------------------------------------------------------------
  {
    const row = emptyRow('250 → `wait` answered, idle instance, p99', 'SQLite', 'from the 250 to the held `wait` answering', 'the send itself, until its 250', 'ms', {
      text: 'p99 < 100 ms',
      met: (r) => median(r.candidateValues) < 100,
    });
    const seeded = await seedStore(null);
    const ephemail = await startEphemail(seeded.env);
    const samples = opts.quick ? 5 : 200;
    log(`250 → wait: ${samples} messages, one at a time`);
    try {
      await waitLatency(ephemail, seeded.developerKey, Math.min(samples, 5)); // warm-up
      const { waitP99, sendP99 } = await waitLatency(ephemail, seeded.developerKey, samples);
      row.candidateValues.push(waitP99);
      row.baselineValues.push(sendP99);
      row.ratios.push(waitP99 / sendP99);
      log(`  250 → wait p99 ${waitP99.toFixed(1)} ms (send to 250 p99 ${sendP99.toFixed(1)} ms)`);
    } catch (err) {
      row.skipped = `failed: ${(err as Error).message.split('\n')[0]}`;
    }
    await ephemail.stop();
    await seeded.drop();
    rows.push(row);
  }

  // --- RSS after N messages over SMTP (SQLite) ------------------------------------------------------------------------
  {
    const n = opts.rssMessages;
    const settleS = opts.settleSeconds ?? 10;
    const row = emptyRow(`RSS after ${n} messages over SMTP`, 'SQLite', 'dist/main.js, `smtp-source -s 10 -l 2048 -d`, 0.5 s after its queue emptied', 'bare smtp-server 0.5 s after the same messages', 'MB', {
      text: '≤ 150 MB',
      met: (r) => median(r.candidateValues) <= 150,
    });
    // The same processes once more, when what the burst freed has had time to go back: Ephemail trims again a second
    // after its release (TRIM_AGAIN_MS); the bare smtp-server's V8 shrinks its heap a few seconds after the allocations
    // stop (its memory reducer, which `npm start` turns off for Ephemail: it gives memory back itself).
    const settled = emptyRow(`RSS ${settleS} s after the ${n} messages`, 'SQLite', `the same instance, ${settleS} s after its queue emptied`, `the same bare smtp-server, ${settleS} s after`, 'MB');
    if (!tools) row.skipped = settled.skipped = toolsError;
    else {
      const t = tools;
      const seeded = await seedStore(null);
      // The row measures memory, not backpressure: acceptance outruns processing here, and past INTAKE_MAX_QUEUED
      // (10 000) smtp-source would get 451 4.3.2 and stop.
      const [ephemail, bareSmtp] = await Promise.all([startEphemail({ ...seeded.env, INTAKE_MAX_QUEUED: String(Math.max(10_000, n * 2)) }), startBareSmtp()]);
      const later = async (rssMb: () => number) => (await new Promise((r) => setTimeout(r, settleS * 1000)), rssMb());
      log(`RSS: ${n} messages into each`);
      const after = { ephemail: NaN, bare: NaN };
      await interleave(
        [
          {
            row,
            baseline: async () => {
              await smtpSource(t, bareSmtp.port, 'someone@bench.test', n, true);
              await new Promise((r) => setTimeout(r, 500)); // as long as Ephemail's reading waits
              const rss = bareSmtp.rssMb();
              after.bare = await later(() => bareSmtp.rssMb());
              return rss;
            },
            // Read once every message is stored (processing runs after the 250s, and its memory counts) and mail has
            // stopped: the instance gives back what the burst left once nothing has been accepted for 25 ms
            // (MEMORY_RELEASE_AFTER), and its processors keep up with a burst, so the queue may empty a moment before
            // that. Read half a second after it emptied: after that release, before the second trim a second later.
            candidate: async () => {
              await smtpSource(t, ephemail.smtpPort, seeded.address, n, true);
              await untilDrained(ephemail, 600_000);
              await new Promise((r) => setTimeout(r, 500));
              const rss = ephemail.rssMb();
              const released = await memoryReleases(ephemail);
              after.ephemail = await later(() => ephemail.rssMb());
              // Whether the burst's memory went back decides the figure by 20-25 MB: the row says so itself.
              row.candidate += `; ${released.count} memory release(s) by then, ${released.mb.toFixed(0)} MB given back`;
              return rss;
            },
          },
        ],
        1,
        log,
      );
      pairRounds(settled, [after.ephemail], [after.bare], row.skipped);
      await Promise.all([ephemail.stop(), bareSmtp.stop()]);
      await seeded.drop();
    }
    rows.push(row, settled);
  }
  return rows;
}
