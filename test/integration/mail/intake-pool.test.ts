import fs from 'node:fs';
import zlib from 'node:zlib';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDns, type TestDns } from '../../helpers/dns.js';
import { createContentPreparer, type ContentPreparer } from '../../../src/mail/ingest/intake-pool.js';
import { mailAuthenticatorFrom, type MailAuthSettings } from '../../../src/mail/ingest/mail-auth.js';
import { prepareContent } from '../../../src/mail/ingest/prepare.js';

const mail = (from: string, subject: string) => new MailComposer({ from, to: 'someone@example.test', subject, text: `Your code is 482913\n${'x'.repeat(500)}` }).compile().build();
const ctx = (from: string) => ({ clientIp: '127.0.0.1', helo: 'client.example.test', mailFrom: from });

describe('the intake worker pool with the SPF/DKIM/DMARC checks', () => {
  let dns: TestDns;
  let slowDns: TestDns;
  const pools: ContentPreparer[] = [];
  const settings = (server: string): MailAuthSettings => ({
    enabled: true,
    timeoutMs: 5000,
    authservId: 'mx.ephemail.test',
    dns: { servers: [server], timeoutMs: 5000, maxEntries: 100, maxTtlSeconds: 60 },
  });

  beforeAll(async () => {
    dns = await startTestDns();
    dns.zone.txt.set('good.test', [['v=spf1 ip4:127.0.0.1 -all']]);
    dns.zone.txt.set('_dmarc.good.test', [['v=DMARC1; p=reject']]);
    dns.zone.txt.set('bad.test', [['v=spf1 ip4:192.0.2.1 -all']]);
    dns.zone.txt.set('_dmarc.bad.test', [['v=DMARC1; p=quarantine']]);
    slowDns = await startTestDns({ delayMs: 300 });
  });
  afterAll(async () => {
    for (const p of pools) await p.close();
    await dns?.close();
    await slowDns?.close();
  });

  it('answers what the event loop would: the prepared content and the same verdicts', async () => {
    const pool = createContentPreparer(1, { settings: settings(dns.server), concurrency: 4 });
    pools.push(pool);
    const onEventLoop = mailAuthenticatorFrom(settings(dns.server));
    for (const from of ['a@good.test', 'b@bad.test', 'c@unknown.test']) {
      const raw = await mail(from, `From ${from}`);
      const checked = await pool.check!(raw, ctx(from));
      expect(checked.authentication).toEqual(await onEventLoop.check(raw, ctx(from)));
      expect(checked.prepared).toEqual(await prepareContent(raw));
    }
    const good = await pool.check!(await mail('a@good.test', 'again'), ctx('a@good.test'));
    expect(good.authentication).toMatchObject({ spf: { result: 'pass', domain: 'good.test' }, dmarc: { result: 'pass', domain: 'good.test', policy: 'reject' } });
    expect(good.authentication!.header).toBe('Authentication-Results: mx.ephemail.test; spf=pass smtp.mailfrom=good.test; dkim=none; dmarc=pass header.from=good.test');
    expect(good.prepared.codes).toEqual(['482913']);
    const bad = await pool.check!(await mail('b@bad.test', 'again'), ctx('b@bad.test'));
    expect(bad.authentication).toMatchObject({ spf: { result: 'fail' }, dmarc: { result: 'fail', policy: 'quarantine' } });
  });

  it('sends a small message to its thread and its compressed source back as their own bytes, not the buffers around them', async () => {
    const pool = createContentPreparer(1, { settings: settings(dns.server), concurrency: 4 });
    pools.push(pool);
    const composed = await mail('a@good.test', 'small');
    // As the SMTP listener holds a small message: a view into Node's shared pool (Buffer.concat of its chunks).
    const raw = Buffer.concat([composed], composed.length);
    expect(raw.buffer.byteLength).toBeGreaterThan(raw.length);
    const { prepared } = await pool.check!(raw, ctx('a@good.test'));
    expect(prepared.source.encoding).toBe('br');
    // Brotli's output is a view into a 16 KiB buffer on the thread; what comes back is the compressed bytes alone.
    expect(prepared.source.raw.buffer.byteLength).toBe(prepared.source.raw.length);
    expect(zlib.brotliDecompressSync(prepared.source.raw).equals(raw)).toBe(true);
    expect(prepared.content.subject).toBe('small');
  });

  it('has no checks without their settings, nor with parsing on the event loop (INTAKE_WORKERS=0)', async () => {
    const plain = createContentPreparer(1);
    pools.push(plain);
    expect(plain.check).toBeUndefined();
    expect((await plain.prepare(await mail('a@good.test', 'plain'))).content.subject).toBe('plain');
    expect(createContentPreparer(0, { settings: settings(dns.server), concurrency: 4 }).check).toBeUndefined();
  });

  // Each thread of this process (Linux: /proc/self/task) with its nice value, the 19th field of its stat.
  const niceByThread = () =>
    new Map(
      fs.readdirSync('/proc/self/task').flatMap((tid) => {
        try {
          const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          return [[Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])] as const];
        } catch {
          return []; // the thread ended meanwhile
        }
      }),
    );

  it.runIf(process.platform === 'linux')('runs its threads at INTAKE_WORKER_NICE and leaves every other thread of the process as it was', async () => {
    const before = niceByThread();
    const pool = createContentPreparer(1, undefined, 7);
    pools.push(pool);
    expect((await pool.prepare(await mail('a@good.test', 'niced'))).content.subject).toBe('niced');
    const after = niceByThread();
    const started = [...after].filter(([tid]) => !before.has(tid));
    expect(started.map(([, nice]) => nice)).toContain(7);
    for (const [tid, nice] of before) if (after.has(tid)) expect([tid, after.get(tid)]).toEqual([tid, nice]);
  });

  it('lets one thread wait for several messages\' DNS at once (INTAKE_CONCURRENCY), not one after another', async () => {
    const pool = createContentPreparer(1, { settings: settings(slowDns.server), concurrency: 4 });
    pools.push(pool);
    await pool.check!(await mail('w@warm.test', 'warm-up'), ctx('w@warm.test')); // the thread and mailauth load
    const senders = ['a@one.test', 'b@two.test', 'c@three.test', 'd@four.test'];
    const raws = await Promise.all(senders.map((s) => mail(s, s)));
    const started = performance.now();
    const all = await Promise.all(senders.map((s, i) => pool.check!(raws[i], ctx(s))));
    const elapsed = performance.now() - started;
    // Each check asks DNS (answered 300 ms later) for names nobody asked before; four in turn would take 1.2 s or more.
    expect(elapsed).toBeLessThan(1000);
    expect(all.map((c) => c.prepared.content.subject)).toEqual(senders);
    for (const c of all) expect(c.authentication).toMatchObject({ spf: { result: 'none' }, dmarc: { result: 'none' } });
  });
});
