import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { dnsServersFor } from '../../bench/peers.js';
import { tempDir } from '../helpers/app.js';

const root = path.resolve(import.meta.dirname, '../..');

// A smoke test of `npm run bench -- --quick`: every row runs and lands in the report. Its figures are not looked at:
// speed is measured by `npm run bench` as ratios against peers in the same run, never asserted by the test suite.
describe('npm run bench -- --quick', () => {
  it('writes a report with a figure for every row', { timeout: 300_000 }, async () => {
    const out = path.join(tempDir('ephemail-bench-report-'), 'BENCHMARKS.md');
    await promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), ['bench/run.ts', '--quick', '--out', out], {
      cwd: root,
      timeout: 280_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const report = fs.readFileSync(out, 'utf8');
    expect(report).toContain('quick mode');
    const rows = report.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Row') && !l.startsWith('| Case') && !l.startsWith('| ---'));
    const peerRow = (name: string, store: string) => rows.find((l) => l.startsWith(`| ${name} | ${store} |`) || (l.includes(name) && l.includes(`| ${store} |`)));
    const expected: Array<[string, string]> = [
      ['`npm start` time to ready, empty store', 'SQLite'],
      ['keyed Tools call (age-calculator)', 'SQLite'],
      ['keyed Tools call, statement cache on ÷ off', 'SQLite'],
      ['list 20 messages, statement cache on ÷ off', 'SQLite'],
      ['QR PNG 256 px, same content repeated', 'SQLite'],
      ['list 20 messages (Developer API)', 'SQLite'],
      ['SMTP, new connection per message', 'SQLite'],
      ['RSS after 30 messages over SMTP', 'SQLite'],
      ['RSS 1 s after the 30 messages', 'SQLite'],
      ['end to end: N messages sent and all listed', 'SQLite'],
      ['CPU per message, end to end', 'SQLite'],
      ['end to end, a 6.6 kB text-and-HTML message', 'SQLite'],
      ['SMTP acceptance, DNS answering after 500 ms ÷ 50 ms', 'SQLite'],
      ['250 → `wait` answered, idle instance, p99', 'SQLite'],
      ['SMTP, connections reused, INTAKE_BURST_RATE=200 ÷ default', 'SQLite'],
      ['end to end, INTAKE_BURST_RATE=200 ÷ default', 'SQLite'],
      ['get one message (Developer API)', 'SQLite'],
      // The bare smtp-server in Ephemail's place: what the goals above it can reach at most.
      ['ceiling: SMTP, new connection per message', 'SQLite'],
      ['ceiling: SMTP, connections reused', 'SQLite'],
      // The reused rows' bare smtp-server greets at once, as Ephemail does; the library's 100 ms hold has a row of its own.
      ["SMTP, connections reused, against the library's default greeting", 'SQLite'],
      ['ceiling: end to end', 'SQLite'],
      ...(
        [
          'list 20 messages (Developer API)',
          'get one message (Developer API)',
          'ceiling: list 20 messages, its own query',
          'ceiling: get one message, its own query',
          'list 20 messages, statements prepared ÷ unnamed',
          'get one message, statements prepared ÷ unnamed',
          'SMTP, new connection per message',
          'end to end: N messages sent and all listed',
          'CPU per message, end to end',
          'end to end, a 6.6 kB text-and-HTML message',
          'ceiling: SMTP, new connection per message',
          'ceiling: end to end',
        ].map((n) => [n, 'PostgreSQL']) as Array<[string, string]>
      ),
    ];
    for (const [name, store] of expected) {
      const row = peerRow(name, store);
      expect(row, `${name} (${store})`).toBeDefined();
      if (store === 'PostgreSQL' && process.env.TEST_DIALECTS === 'sqlite') continue;
      expect(row, `${name} (${store})`).toMatch(/\| \d+\.\d\d \| one round \|/);
    }
    for (const peer of ['bare smtp-server that discards, greeting at once as Ephemail does', 'holding its greeting 100 ms', 'MailDev 2.2.1']) {
      expect(rows.filter((l) => l.includes('SMTP, connections reused') && l.includes(peer) && /\| \d+\.\d\d \|/.test(l)).length, peer).toBeGreaterThanOrEqual(1);
    }
    // The in-process cases of bench/run.ts, each with a ratio.
    expect(rows.filter((l) => l.includes('GET /health (no key)')).every((l) => /\| \d+\.\d\d \|/.test(l))).toBe(true);
    expect(rows.length).toBeGreaterThanOrEqual(expected.length + 10);
    // The large-store rows: list p99 against a small store, and size on disk against the bytes received.
    expect(report).toMatch(/- List 20 messages, SQLite, 2,000 messages .*: p99 \d+(\.\d+)? ms against \d+(\.\d+)? ms .*\*\*\d+\.\d\d×\*\*/);
    expect(report).toMatch(/- Store size for 2,000 messages .*\*\*\d+\.\d\d×\*\*/);
  });
});

// Every instance the bench starts (bench/peers.ts startEphemail) asks a DNS on loopback: a script that names none must
// not send its checks' queries to the machine's resolver, which may be off the machine.
describe('the DNS of an instance the bench starts', () => {
  const before = process.env.DNS_SERVERS;
  afterEach(() => {
    if (before === undefined) delete process.env.DNS_SERVERS;
    else process.env.DNS_SERVERS = before;
  });
  const offMachine = () => ({ ok: false, servers: ['10.255.255.53'] });
  const onLoopback = () => ({ ok: true, servers: ['127.0.0.53'] });

  it('is the one its caller names', () => {
    expect(dnsServersFor('127.0.0.1:5353', offMachine)).toBe('127.0.0.1:5353');
  });

  it('is a closed loopback port when nobody names one, not the machine resolver', () => {
    delete process.env.DNS_SERVERS;
    expect(dnsServersFor(undefined, offMachine)).toBe('127.0.0.1:9');
    process.env.DNS_SERVERS = '127.0.0.1:5300';
    expect(dnsServersFor(undefined, offMachine)).toBe('127.0.0.1:5300');
  });

  it("is the machine's resolver only when asked for ('') and on 127.0.0.0/8", () => {
    expect(() => dnsServersFor('', offMachine)).toThrow(/10\.255\.255\.53.*not on 127\.0\.0\.0\/8/);
    expect(dnsServersFor('', onLoopback)).toBe('');
  });
});
