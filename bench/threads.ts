/**
 * `tsx bench/threads.ts smtp-reuse|smtp-conn [--messages N] [--rounds N] [--warm N] [--env K=V ...]
 * [--node-arg FLAG ...] [--postgres] [--no-build] [--dns-delay-ms N] [--message FILE]`: where a message's CPU goes,
 * thread by thread, in Ephemail as `npm start` runs it (`--node-arg` adds a Node or V8 flag after the start script's)
 * and in the bare smtp-server (greeting at once, as Ephemail's listener does) under the same load.
 *
 * Each side first takes `--warm` runs of the load (6 by default: a process still tiering up spends much of a message's
 * CPU compiling), then `--rounds` runs of `smtp-source -s 10 -l 2048 -m N` (with `-d` for smtp-reuse; with `--message`,
 * `-F FILE` instead of `-l 2048`: a message of one's own, headers and all, such as a real one, its lines ending in LF:
 * smtp-source sends each line with CRLF, so a CR already there arrives doubled), each until Ephemail's intake queue is
 * empty and a little longer (untilSettled: each run a burst of its own, as in `npm run bench`, and no memory release
 * between them), so processing counts (not with `--env INTAKE_CONCURRENCY=0`: acceptance alone). The CPU time of every
 * thread (Linux `/proc/PID/task/TID/schedstat`) is read before and after the rounds and divided by the messages sent, and
 * split into the time in user mode and in the kernel (`/proc/PID/task/TID/stat`, whole clock ticks): the kernel's share
 * is the system calls — the replies' writes, the store's writes and syncs, the waits for work — and the user share the
 * JavaScript, SQLite and V8. Beside it, the time each thread waited, ready to run, for a core another thread (or
 * smtp-source) held: on two cores a busy event loop that waits for one is held back by CPU, one that is idle by latency
 * (the replies' round trips, the syncs). No profiler runs, so the figures carry none of its overhead (bench/profile.ts
 * says which functions the time goes to).
 *
 * The threads are the process's own and unnamed on Node 20: the event loop is the one whose id is the process's; the
 * others are told apart by when they started (V8's helper threads and libuv's with the process; the intake worker
 * thread and the checkpoint thread once the server has started).
 */
import './env.js';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/build-server.js';
import { median, memoryReleases, seedStore, smtpSource, startBareSmtp, startEphemail, threadSchedNs, untilSettled } from './peers.js';
import { postfixTools } from './postfix-tools.js';
import { startSlowDns } from './slow-dns.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    messages: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '4' },
    warm: { type: 'string', default: '6' },
    env: { type: 'string', multiple: true, default: [] },
    'node-arg': { type: 'string', multiple: true, default: [] },
    postgres: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'dns-delay-ms': { type: 'string', default: '50' },
    message: { type: 'string' },
  },
});
const which = positionals[0];
if (which !== 'smtp-reuse' && which !== 'smtp-conn') {
  throw new Error('usage: tsx bench/threads.ts smtp-reuse|smtp-conn [--messages N] [--rounds N] [--warm N] [--env K=V] [--node-arg FLAG] [--postgres] [--message FILE]');
}
const reuse = which === 'smtp-reuse';
const [messages, rounds, warm] = [Number(args.messages), Number(args.rounds), Number(args.warm)];
const extraEnv = Object.fromEntries(args.env!.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const acceptanceOnly = extraEnv.INTAKE_CONCURRENCY === '0';
const tools = postfixTools();

/** Fields of /proc/PID/task/TID/stat after the command name (which may hold spaces); undefined once it has ended. */
function statFields(pid: number, tid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When thread `tid` of `pid` started, in clock ticks since boot (field 22); NaN once it has ended. */
const startedAt = (pid: number, tid: number): number => Number(statFields(pid, tid)?.[19]);

/** Clock ticks thread `tid` of `pid` has spent in user mode and in the kernel (fields 14 and 15), by thread id. */
function userSystemTicks(pid: number): Map<number, [number, number]> {
  const out = new Map<number, [number, number]>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`).map(Number)) {
    const f = statFields(pid, tid);
    if (f) out.set(tid, [Number(f[11]), Number(f[12])]);
  }
  return out;
}

/** The machine's CPU time since boot, in clock ticks: in all, and idle (the first line of /proc/stat). */
function machineTicks(): { all: number; idle: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { all: fields.reduce((s, x) => s + x, 0), idle: fields[3] + fields[4] };
}

/**
 * Runs the warm-up and the rounds against `port`; prints the rate of each round, each thread's µs a message, and while
 * smtp-source sent (not while the queue drained after it) how much the event loop ran, how much it waited, ready, for a
 * core another thread held (time on the run queue), and how much of the machine's cores lay idle.
 */
async function measure(name: string, pid: number, port: number, to: string, drained: () => Promise<void>): Promise<void> {
  const sending = { ns: 0, ran: 0, waited: 0, ticks: 0, idle: 0 };
  const run = async (counted: boolean) => {
    const [loop, machine, started] = [threadSchedNs(pid).get(pid), machineTicks(), performance.now()];
    const rate = await smtpSource(tools, port, to, messages, reuse, args.message);
    const [loopAfter, machineAfter] = [threadSchedNs(pid).get(pid), machineTicks()];
    if (counted && loop && loopAfter) {
      sending.ns += (performance.now() - started) * 1e6;
      sending.ran += loopAfter.cpu - loop.cpu;
      sending.waited += loopAfter.waited - loop.waited;
      sending.ticks += machineAfter.all - machine.all;
      sending.idle += machineAfter.idle - machine.idle;
    }
    await drained();
    return rate;
  };
  for (let i = 0; i < warm; i++) await run(false);
  const [before, ticksBefore] = [threadSchedNs(pid), userSystemTicks(pid)];
  const rates: number[] = [];
  for (let i = 0; i < rounds; i++) rates.push(await run(true));
  const [after, ticksAfter] = [threadSchedNs(pid), userSystemTicks(pid)];
  const sent = rounds * messages;
  const processStart = startedAt(pid, pid);
  const ticks = 100; // USER_HZ on Linux
  // µs a message in user mode and in the kernel, from whole clock ticks: to 10 ms over the rounds, so a thread's two
  // need not add up to its schedstat figure exactly.
  const split = (tid: number, i: 0 | 1) => (((ticksAfter.get(tid)?.[i] ?? 0) - (ticksBefore.get(tid)?.[i] ?? 0)) * 1e6) / ticks / sent;
  const rows = [...after]
    .map(([tid, t]) => ({ tid, us: (t.cpu - (before.get(tid)?.cpu ?? 0)) / 1000 / sent, waitedUs: (t.waited - (before.get(tid)?.waited ?? 0)) / 1000 / sent, user: split(tid, 0), system: split(tid, 1), startedS: (startedAt(pid, tid) - processStart) / ticks }))
    .sort((a, b) => b.us - a.us);
  const total = rows.reduce((s, r) => s + r.us, 0);
  console.log(`\n${name}: ${rates.map((r) => r.toFixed(0)).join(', ')} msg/s accepted (median ${median(rates).toFixed(0)}); ${total.toFixed(0)} µs of CPU a message in all`);
  for (const r of rows) {
    if (r.us < 1) continue;
    const label = r.tid === pid ? 'event loop' : `thread ${r.tid}, started ${r.startedS.toFixed(2)} s after the process`;
    console.log(`${r.us.toFixed(0).padStart(8)} µs  ${label} (user ${r.user.toFixed(0)}, kernel ${r.system.toFixed(0)}; waited for a core ${r.waitedUs.toFixed(0)})`);
  }
  const share = (ns: number) => `${((ns / sending.ns) * 100).toFixed(0)} %`;
  console.log(
    `  while smtp-source sent (${(sending.ns / 1e9).toFixed(1)} s): the event loop ran ${share(sending.ran)} of the time and waited for a core ` +
      `${share(sending.waited)}; the machine's cores were ${((sending.idle / sending.ticks) * 100).toFixed(0)} % idle`,
  );
}

if (!args['no-build']) await buildServer();
console.log(
  `${which}: ${warm} warm-up runs, then ${rounds} runs of ${messages} (smtp-source -s 10 ${args.message ? `-F ${args.message}` : '-l 2048'}${reuse ? ' -d' : ''})` +
    `${acceptanceOnly ? ', acceptance alone' : ', each until the intake queue is empty'}${Object.keys(extraEnv).length ? `; ${JSON.stringify(extraEnv)}` : ''}` +
    `${args['node-arg']!.length ? `; node ${args['node-arg']!.join(' ')}` : ''}`,
);

const seeded = await seedStore(args.postgres ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : null);
const dns = await startSlowDns(Number(args['dns-delay-ms']));
try {
  const server = await startEphemail({ ...seeded.env, DNS_SERVERS: dns.server, ...extraEnv }, args['node-arg']);
  try {
    await measure(`Ephemail${args.postgres ? ' (PostgreSQL; its own processes not counted)' : ''}`, server.child.pid!, server.smtpPort, seeded.address, () =>
      acceptanceOnly ? Promise.resolve() : untilSettled(server, 600_000),
    );
    // A release drops much of V8's optimised code, and the runs after it pay for compiling it again.
    console.log(`  memory releases (MEMORY_RELEASE_AFTER) since the start: ${(await memoryReleases(server)).count}`);
  } finally {
    await server.stop();
  }
} finally {
  await dns.close();
  await seeded.drop();
}

const bare = await startBareSmtp(true);
try {
  await measure('bare smtp-server, greeting at once', bare.child.pid!, bare.port, 'bench@bench.test', async () => undefined);
} finally {
  await bare.stop();
}
process.exit(0);
