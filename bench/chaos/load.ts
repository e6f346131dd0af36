import http from 'node:http';
import net from 'node:net';
import { sql } from 'kysely';
import type { World } from './world.js';

/**
 * Bounded load for the chaos scenarios: HTTP calls (Tools and Developer), SMTP senders on several connections that
 * retry what was refused with a 4xx, a `wait` loop and an SSE client that resumes with Last-Event-ID. Each records
 * what a user would see; nothing runs longer than its scenario's `stop()` or `maxMs`.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longest any one HTTP call may take before it counts as a hang. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface HttpOutcome {
  at: number;
  op: string;
  status: number;
  /** The envelope's `error`, when the answer was one. */
  error?: string;
  retryAfter?: string | null;
  ms: number;
}

/** Every answer the HTTP clients got, and what counts as a failure for the scenario. */
export class HttpLog {
  readonly outcomes: HttpOutcome[] = [];
  add(o: HttpOutcome): void {
    this.outcomes.push(o);
  }
  get requests(): number {
    return this.outcomes.length;
  }
  /** Anything but a 2xx (status 0: no answer at all — refused, reset or timed out). */
  failures(accept: (o: HttpOutcome) => boolean = () => false): HttpOutcome[] {
    return this.outcomes.filter((o) => (o.status < 200 || o.status >= 300) && !accept(o));
  }
  summary(list: HttpOutcome[]): string {
    const counts = new Map<string, number>();
    for (const o of list) counts.set(`${o.op} ${o.status} ${o.error ?? ''}`.trim(), (counts.get(`${o.op} ${o.status} ${o.error ?? ''}`.trim()) ?? 0) + 1);
    return [...counts].map(([k, n]) => `${n}× ${k}`).join(', ');
  }
}

async function call(log: HttpLog, op: string, url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (nginx's own error pages, fastify's closing 503)
    }
    const error = typeof body === 'object' && body !== null && 'error' in body ? String((body as { error: unknown }).error) : undefined;
    log.add({ at: started, op, status: res.status, error, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started });
    return { status: res.status, body };
  } catch (err) {
    log.add({ at: started, op, status: 0, error: (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message, ms: Date.now() - started });
    return { status: 0, body: undefined };
  }
}

export interface Running {
  stop(): Promise<void>;
}

/**
 * `workers` clients, each calling in turn: a Tools call, createAddress, getAddress and listMessages (Developer) —
 * until stopped or `maxMs` has passed.
 */
export function httpLoad(world: World, log: HttpLog, opts: { workers: number; maxMs: number; baseUrl?: string | (() => string); pauseMs?: number; tools?: boolean }): Running {
  let stopped = false;
  const deadline = Date.now() + opts.maxMs;
  const base = () => (typeof opts.baseUrl === 'function' ? opts.baseUrl() : (opts.baseUrl ?? world.httpUrl));
  const dev = { authorization: `Bearer ${world.developerKey}` };
  const worker = async (w: number) => {
    let address: string | undefined;
    for (let n = 0; !stopped && Date.now() < deadline; n++) {
      switch (n % 4) {
        case 0:
          if (opts.tools !== false) await call(log, 'ageCalculator', `${base()}/api/tools/age-calculator?birthDate=1990-05-15`, { headers: { 'x-api-key': world.toolsKey } });
          break;
        case 1: {
          const res = await call(log, 'createAddress', `${base()}/api/v1/email/create`, {
            method: 'POST',
            headers: { ...dev, 'content-type': 'application/json' },
            body: JSON.stringify({ expires_in: 600 }),
          });
          if (res.status === 201) address = (res.body as { email: string }).email;
          break;
        }
        case 2:
          if (address) await call(log, 'getAddress', `${base()}/api/v1/email/${address}`, { headers: dev });
          break;
        default:
          if (address) await call(log, 'listMessages', `${base()}/api/v1/email/${address}/messages`, { headers: dev });
      }
      if (opts.pauseMs) await sleep(opts.pauseMs);
      void w;
    }
  };
  const all = Promise.all(Array.from({ length: opts.workers }, (_, w) => worker(w)));
  return {
    async stop() {
      stopped = true;
      await all;
    },
  };
}

/** Creates `n` addresses through the API (before the load starts). */
export async function createAddresses(world: World, n: number, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${world.httpUrl}/api/v1/email/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.developerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: `${prefix}-${i}`, expires_in: 3600 }),
    });
    if (res.status !== 201) throw new Error(`createAddress answered ${res.status}: ${await res.text()}`);
    out.push(((await res.json()) as { email: string }).email);
  }
  return out;
}

/** One SMTP connection: replies read whole; a closed connection or a silent server rejects the pending reply. */
class SmtpConnection {
  private buffer = '';
  private waiter: ((reply: string) => void) | undefined;
  private failer: ((err: Error) => void) | undefined;
  private closed = false;
  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (c: Buffer) => {
      this.buffer += c.toString('latin1');
      const m = /^((?:\d{3}-[^\r\n]*\r\n)*\d{3}(?: [^\r\n]*)?\r\n)/.exec(this.buffer);
      if (m) {
        this.buffer = this.buffer.slice(m[1].length);
        const w = this.waiter;
        this.waiter = undefined;
        this.failer = undefined;
        w?.(m[1].trim().split('\r\n').pop()!);
      }
    });
    const fail = () => {
      this.closed = true;
      const f = this.failer;
      this.waiter = undefined;
      this.failer = undefined;
      f?.(new Error('connection closed'));
    };
    socket.on('error', fail);
    socket.on('close', fail);
  }
  static async open(port: number): Promise<SmtpConnection> {
    const socket = net.connect(port, '127.0.0.1');
    const conn = new SmtpConnection(socket);
    const greeting = await conn.reply();
    if (!greeting.startsWith('220')) throw new Error(`greeting: ${greeting}`);
    const ehlo = await conn.command('EHLO chaos.example\r\n');
    if (!ehlo.startsWith('250')) throw new Error(`EHLO: ${ehlo}`);
    return conn;
  }
  get isClosed(): boolean {
    return this.closed;
  }
  reply(ms = 20_000): Promise<string> {
    if (this.closed) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        this.failer = undefined;
        this.socket.destroy();
        reject(new Error('no reply'));
      }, ms);
      this.waiter = (r) => (clearTimeout(timer), resolve(r));
      this.failer = (e) => (clearTimeout(timer), reject(e));
    });
  }
  command(text: string): Promise<string> {
    const reply = this.reply();
    this.socket.write(text);
    return reply;
  }
  close(): void {
    this.socket.end('QUIT\r\n');
  }
}

export interface SmtpStats {
  /** Messages the senders tried to deliver (each counted once, however often retried). */
  messages: number;
  /** Subjects that got a 250 (a message acknowledged twice would appear twice). */
  acknowledged: string[];
  /** 4xx replies (and connections dropped before an answer) that were retried. */
  temporary: number;
  /** Replies by code, e.g. 451 → n; the texts of refusals, a few of each. */
  replies: Map<string, number>;
  /** The final dot was sent and no reply came: the sender cannot know whether it was stored. */
  unanswered: number;
  /** Permanent refusals (5xx): none are expected. */
  permanent: string[];
  /** Messages still not acknowledged when the senders gave up. */
  gaveUp: number;
}

/**
 * `connections` senders, each on its own connection through `port`, delivering unique subjects round-robin to
 * `addresses`. A 4xx (or a dropped connection) is retried after `retryMs` on a new connection if need be, as an
 * MTA would, until acknowledged or `giveUpMs` after stop().
 */
export function smtpLoad(
  port: number | (() => number),
  addresses: string[],
  opts: { connections: number; maxMs: number; tag: string; pauseMs?: number; bodyBytes?: number; retryMs?: number; giveUpMs?: number },
): Running & { stats: SmtpStats } {
  const stats: SmtpStats = { messages: 0, acknowledged: [], temporary: 0, replies: new Map(), unanswered: 0, permanent: [], gaveUp: 0 };
  let stopped = false;
  let stoppedAt = 0;
  const deadline = Date.now() + opts.maxMs;
  const filler = 'x'.repeat(76);
  const body = Array.from({ length: Math.ceil((opts.bodyBytes ?? 300) / 78) }, () => filler).join('\r\n');
  const count = (reply: string) => {
    const key = reply.slice(0, 3) + (reply.startsWith('4') ? ` ${reply.slice(4, 9)}` : '');
    stats.replies.set(key, (stats.replies.get(key) ?? 0) + 1);
  };
  const sender = async (c: number) => {
    let conn: SmtpConnection | undefined;
    let pending: { subject: string; to: string } | undefined;
    for (let n = 0; ; ) {
      const giveUp = stopped && Date.now() - stoppedAt > (opts.giveUpMs ?? 30_000);
      if (!pending && (stopped || Date.now() > deadline)) break;
      if (pending && giveUp) {
        stats.gaveUp++;
        break;
      }
      if (!pending) {
        pending = { subject: `${opts.tag}-${c}-${n}`, to: addresses[(c + n) % addresses.length] };
        n++;
        stats.messages++;
      }
      try {
        if (!conn || conn.isClosed) conn = await SmtpConnection.open(typeof port === 'function' ? port() : port);
        let reply = await conn.command('MAIL FROM:<load@sender.example>\r\n');
        if (reply.startsWith('250')) reply = await conn.command(`RCPT TO:<${pending.to}>\r\n`);
        if (reply.startsWith('250')) reply = await conn.command('DATA\r\n');
        let dotSent = false;
        if (reply.startsWith('354')) {
          const message = `From: load@sender.example\r\nTo: ${pending.to}\r\nSubject: ${pending.subject}\r\nMessage-ID: <${pending.subject}@sender.example>\r\n\r\n${body}\r\n.\r\n`;
          dotSent = true;
          reply = await conn.command(message).catch((err: Error) => {
            stats.unanswered++;
            throw err;
          });
        }
        void dotSent;
        count(reply);
        if (reply.startsWith('250')) {
          stats.acknowledged.push(pending.subject);
          pending = undefined;
          if (opts.pauseMs) await sleep(opts.pauseMs);
          continue;
        }
        if (reply.startsWith('5')) {
          stats.permanent.push(`${pending.subject}: ${reply}`);
          pending = undefined;
          await conn.command('RSET\r\n').catch(() => undefined);
          continue;
        }
        stats.temporary++;
        // 4xx: start the transaction again (on a new connection when the server ended this one, e.g. 421).
        if (reply.startsWith('421')) conn.close();
        else await conn.command('RSET\r\n').catch(() => undefined);
      } catch {
        // Connection refused, dropped or silent: the same message again on a new connection.
        stats.temporary++;
        count('000 dropped');
        conn = undefined;
      }
      await sleep(opts.retryMs ?? 200);
    }
    conn?.close();
  };
  const all = Promise.all(Array.from({ length: opts.connections }, (_, c) => sender(c)));
  return {
    stats,
    async stop() {
      stopped = true;
      stoppedAt = Date.now();
      await all;
    },
  };
}

/** How often each subject of a run was stored (all addresses of the store). */
export async function storedSubjects(world: World, tag: string): Promise<Map<string, number>> {
  const database = await world.open();
  try {
    const rows = await sql<{ subject: string; n: number }>`select subject, count(*) as n from messages where subject like ${`${tag}-%`} group by subject`.execute(database.db);
    return new Map(rows.rows.map((r) => [r.subject, Number(r.n)]));
  } finally {
    await database.close();
  }
}

export interface DeliveryReport {
  acknowledged: number;
  stored: number;
  /** Acknowledged subjects that were never stored. */
  lost: string[];
  /** Subjects stored more than once. */
  duplicates: string[];
}

/** Waits (up to `timeoutMs`) until every acknowledged subject is stored, then compares. */
export async function checkDelivery(world: World, tag: string, stats: SmtpStats, timeoutMs = 60_000): Promise<DeliveryReport> {
  const acknowledged = new Set(stats.acknowledged);
  const deadline = Date.now() + timeoutMs;
  let stored = await storedSubjects(world, tag);
  while ([...acknowledged].some((s) => !stored.has(s)) && Date.now() < deadline) {
    await sleep(250);
    stored = await storedSubjects(world, tag);
  }
  // A duplicate would come from a second processor or a retried entry: give one the time to appear.
  await sleep(500);
  stored = await storedSubjects(world, tag);
  return {
    acknowledged: acknowledged.size,
    stored: [...stored.values()].reduce((a, b) => a + b, 0),
    lost: [...acknowledged].filter((s) => !stored.has(s)),
    duplicates: [...stored].filter(([, n]) => n > 1).map(([s]) => s),
  };
}

/** A loop of `wait` long polls (a few seconds each) on one address. */
export function waitLoop(world: World, log: HttpLog, address: string, opts: { maxMs: number; baseUrl?: string }): Running {
  let stopped = false;
  const deadline = Date.now() + opts.maxMs;
  const run = (async () => {
    while (!stopped && Date.now() < deadline) {
      await call(log, 'waitForMessages', `${opts.baseUrl ?? world.httpUrl}/api/v1/email/${address}/messages/wait?timeout=3&since=${encodeURIComponent(new Date().toISOString())}`, {
        headers: { authorization: `Bearer ${world.developerKey}` },
      });
    }
  })();
  return {
    async stop() {
      stopped = true;
      await run;
    },
  };
}

export interface SseStats {
  /** Subjects of the `message` events received, in order. */
  subjects: string[];
  /** Event ids received, in order. */
  ids: number[];
  /** Times the stream ended or failed and the client reconnected with Last-Event-ID. */
  reconnects: number;
  /** Answers other than 200 when (re)connecting. */
  refused: number[];
}

/** An SSE client on one address that reconnects with Last-Event-ID whenever the stream ends. */
export function sseClient(world: World, address: string, opts: { maxMs: number; baseUrl?: string }): Running & { stats: SseStats; connected: Promise<void> } {
  const stats: SseStats = { subjects: [], ids: [], reconnects: 0, refused: [] };
  let stopped = false;
  let current: http.ClientRequest | undefined;
  let lastId: string | undefined;
  let firstConnect: () => void = () => undefined;
  const connected = new Promise<void>((r) => (firstConnect = r));
  const deadline = Date.now() + opts.maxMs;
  const once = () =>
    new Promise<void>((done) => {
      const url = `${opts.baseUrl ?? world.httpUrl}/api/v1/email/${address}/events`;
      const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${world.developerKey}`, ...(lastId ? { 'last-event-id': lastId } : {}) };
      const req = http.get(url, { headers, agent: false }, (res) => {
        if (res.statusCode !== 200) {
          stats.refused.push(res.statusCode ?? 0);
          res.resume();
          res.on('end', done);
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = new Map<string, string>();
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) {
                if (line.includes('connected')) firstConnect();
                continue;
              }
              const colon = line.indexOf(':');
              if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
            }
            if (fields.has('id')) lastId = fields.get('id');
            if (fields.get('event') === 'message') {
              stats.ids.push(Number(fields.get('id')));
              stats.subjects.push((JSON.parse(fields.get('data') ?? '{}') as { subject: string }).subject);
            }
          }
        });
        res.on('close', done);
        res.on('error', done);
      });
      current = req;
      req.on('error', () => done());
    });
  const run = (async () => {
    for (let first = true; !stopped && Date.now() < deadline; first = false) {
      if (!first) stats.reconnects++;
      await once();
      if (!stopped) await sleep(100);
    }
  })();
  return {
    stats,
    connected,
    async stop() {
      stopped = true;
      current?.destroy();
      await run;
    },
  };
}

/** Resident memory of a process, in bytes (Linux /proc). */
export async function rssOf(pid: number): Promise<number> {
  const fs = await import('node:fs/promises');
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  return kb ? Number(kb[1]) * 1024 : 0;
}
