/**
 * `tsx bench/profile.ts CASE [--requests N] [--messages N] [--env K=V ...]`: runs dist/main.js under
 * `node --cpu-prof` with one of the loads of `npm run bench` and prints the heaviest frames (bench/profile-top.ts):
 * where the time goes in a row of BENCHMARKS.md that misses its goal.
 *
 * CASE: tools (keyed age-calculator call), list (Developer API list of 20 messages), get (one message), qr (QR PNG), smtp-conn
 * (smtp-source, a new connection per message), smtp-reuse (smtp-source -d) — both profiled until the intake queue is
 * empty, so processing counts —, start (start-up to ready, empty store).
 * --env SQLITE_STATEMENT_CACHE=0 profiles the same load without the statement cache; --env DATABASE_URL is not
 * needed for PostgreSQL: --postgres uses BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * --no-build profiles the dist/main.js already there. --dns-delay-ms N (default 50): how long the loopback DNS of the
 * SMTP cases takes to answer. --message FILE: the SMTP cases send that message (smtp-source -F), headers and all, its
 * lines ending in LF. Every thread's profile is written to the directory named in the first line (the event loop's
 * is the one printed).
 */
import './env.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/build-server.js';
import { cannon, seedStore, smtpSource, startEphemail, untilDrained } from './peers.js';
import { postfixTools } from './postfix-tools.js';
import { topFrames } from './profile-top.js';
import { startSlowDns } from './slow-dns.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    requests: { type: 'string', default: '5000' },
    messages: { type: 'string', default: '1000' },
    env: { type: 'string', multiple: true, default: [] },
    postgres: { type: 'boolean', default: false },
    top: { type: 'string', default: '25' },
    'no-build': { type: 'boolean', default: false },
    'dns-delay-ms': { type: 'string', default: '50' },
    message: { type: 'string' },
  },
});
const which = positionals[0];
if (!which || !['tools', 'list', 'get', 'qr', 'smtp-conn', 'smtp-reuse', 'start'].includes(which)) {
  throw new Error('usage: tsx bench/profile.ts tools|list|get|qr|smtp-conn|smtp-reuse|start [--requests N] [--messages N] [--env K=V] [--postgres] [--message FILE]');
}
const extraEnv = Object.fromEntries(args.env!.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-profile-'));
if (!args['no-build']) await buildServer();
const seeded = await seedStore(args.postgres ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : null);
const env = which === 'start' ? { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-profile-empty-')) } : seeded.env;
// The SMTP cases look up SPF, DKIM and DMARC as the bench's SMTP rows do: a loopback DNS answering after 50 ms.
const dns = which.startsWith('smtp') ? await startSlowDns(Number(args['dns-delay-ms'])) : undefined;
const server = await startEphemail({ ...env, ...(dns ? { DNS_SERVERS: dns.server } : {}), ...extraEnv }, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
const n = Number(args.requests);
const m = Number(args.messages);
const started = performance.now();
let rate = '';
if (which === 'tools') rate = `${(await cannon(`${server.url}/api/tools/age-calculator?birthDate=1990-05-15`, n, { 'x-api-key': seeded.toolsKey })).toFixed(0)} req/s`;
if (which === 'qr') rate = `${(await cannon(`${server.url}/api/tools/qr-code?text=https%3A%2F%2Fexample.com%2Fverify%3Fcode%3D123456&size=256&format=png`, n, { 'x-api-key': seeded.toolsKey })).toFixed(0)} req/s`;
if (which === 'list') rate = `${(await cannon(`${server.url}/api/v1/email/${seeded.address}/messages`, n, { authorization: `Bearer ${seeded.developerKey}` })).toFixed(0)} req/s`;
if (which === 'get') rate = `${(await cannon(`${server.url}/api/v1/email/${seeded.address}/messages/${seeded.messageId}`, n, { authorization: `Bearer ${seeded.developerKey}` })).toFixed(0)} req/s`;
if (which === 'smtp-conn' || which === 'smtp-reuse') {
  rate = `${(await smtpSource(postfixTools(), server.smtpPort, seeded.address, m, which === 'smtp-reuse', args.message)).toFixed(0)} msg/s accepted`;
  // The processing after the 250s belongs in the profile too: wait until the intake queue is empty (unless nothing
  // processes it: --env INTAKE_CONCURRENCY=0 profiles acceptance alone).
  if (extraEnv.INTAKE_CONCURRENCY !== '0') {
    await untilDrained(server, 600_000);
    rate += `, ${((m / (performance.now() - started)) * 1000).toFixed(0)} msg/s end to end`;
  }
}
if (which === 'start') rate = `ready in ${server.readyMs.toFixed(0)} ms`;
const loadMs = performance.now() - started;
await server.stop();
await dns?.close();
await seeded.drop();
const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile written in ${profDir}`);
// Start-up is left out of the profile unless it is what is being profiled.
const top = topFrames(JSON.parse(fs.readFileSync(path.join(profDir, file), 'utf8')), Number(args.top), which === 'start' ? 0 : server.readyMs + 200);
console.log(`${which}${Object.keys(extraEnv).length ? ` ${JSON.stringify(extraEnv)}` : ''}${args.postgres ? ' (PostgreSQL)' : ''}: ${rate}; load ${loadMs.toFixed(0)} ms; ${top.totalMs.toFixed(0)} ms profiled (${path.join(profDir, file)})`);
console.log(`\nself time:\n${top.self.join('\n')}\n\ntotal time:\n${top.total.join('\n')}`);
process.exit(0);
