/** The report `npm run bench` writes: a generated section of BENCHMARKS.md (or of the file given with --out). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { median, type Row } from './peers.js';

export interface InProcessResult {
  name: string;
  baselineName: string;
  goal?: number;
  /** Candidate time ÷ baseline time, one per round. */
  ratios: number[];
  baselineMs: number;
  candidateMs: number;
}

export interface Report {
  command: string;
  machine: string;
  machineAfter: string;
  quick: boolean;
  rounds: number;
  rssMessages: number;
  inProcess: InProcessResult[];
  scaleOut: string[];
  peers: Row[];
  /** The large-store rows (bench/store.ts). */
  store: string[];
}

export const BEGIN = '<!-- bench:begin (written by npm run bench; edit around it, not inside) -->';
export const END = '<!-- bench:end -->';

export function machineDescription(): string {
  const cpus = os.cpus();
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    // not a git checkout
  }
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}${commit ? `, commit ${commit}` : ''}, load average ${load}`;
}

const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');
const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '—');
const spread = (xs: number[]) => (xs.length > 1 ? `${f2(Math.min(...xs))}–${f2(Math.max(...xs))}` : xs.length === 1 ? 'one round' : '—');

export function renderReport(r: Report): string {
  const lines: string[] = [];
  lines.push(`Generated ${new Date().toISOString()} by \`${r.command}\`${r.quick ? ' (**quick mode**: counts too small for the figures to mean anything)' : ''}.`);
  lines.push('');
  lines.push(`- Machine at the start: ${r.machine}`);
  lines.push(`- Machine at the end: ${r.machineAfter}`);
  lines.push(`- Rounds: ${r.rounds}, each baseline then candidate; the ratio is the median of the per-round ratios, the spread their range.`);
  lines.push('');
  lines.push('### Against other programs (each a process of its own on 127.0.0.1)');
  lines.push('');
  lines.push('Throughput rows: ratio = Ephemail ÷ peer, higher is better. Start, RSS and CPU rows: ratio = Ephemail ÷ baseline, lower is better; their goals are absolute (the CPU rows have none: they say how much of the end-to-end goal\'s distance is work rather than waiting). "ceiling" rows put the bare smtp-server (the library Ephemail listens with, discarding every message) in Ephemail\'s place: no listener built on it can beat their ratio. The PostgreSQL "ceiling" rows put a bare Fastify route that asks PostgreSQL for one row (the mailbox) before answering in Ephemail\'s place: no answer that must ask the shared store beats theirs; the "its own query" ones a bare route that runs the operation\'s own query (prepared, as Ephemail runs it) and answers the same bytes: no implementation that reads what that query reads beats theirs.');
  lines.push('');
  lines.push('| Row | Store | Ephemail | Baseline | Ratio (median) | Spread | Ephemail (median) | Baseline (median) | Goal | Met |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const p of r.peers) {
    if (p.skipped) {
      lines.push(`| ${p.name} | ${p.store} | ${p.candidate} | ${p.baseline} | skipped: ${p.skipped.replace(/\|/g, '\\|')} | | | | ${p.goal?.text ?? ''} | — |`);
      continue;
    }
    const met = p.goal ? (p.goal.met(p) ? '✓' : '✗') : '';
    lines.push(
      `| ${p.name} | ${p.store} | ${p.candidate} | ${p.baseline} | ${f2(median(p.ratios))} | ${spread(p.ratios)} | ${f0(median(p.candidateValues))} ${p.unit} | ${f0(median(p.baselineValues))} ${p.unit} | ${p.goal?.text ?? ''} | ${met} |`,
    );
  }
  lines.push('');
  lines.push('### In-process cases (app.inject and direct calls; ratio = candidate time ÷ baseline time, lower is better)');
  lines.push('');
  lines.push('| Case | Baseline | Ratio (median) | Spread | Candidate ms/op | Baseline ms/op | Goal |');
  lines.push('| --- | --- | --- | --- | --- | --- | --- |');
  for (const c of r.inProcess) {
    const goal = c.goal === undefined ? '' : `≤ ${c.goal} ${median(c.ratios) <= c.goal ? '✓' : '✗'}`;
    lines.push(`| ${c.name} | ${c.baselineName} | ${f2(median(c.ratios))} | ${spread(c.ratios)} | ${c.candidateMs.toFixed(3)} | ${c.baselineMs.toFixed(3)} | ${goal} |`);
  }
  if (r.store.length > 0) {
    lines.push('');
    lines.push('### A large store (list latency and size on disk)');
    lines.push('');
    for (const l of r.store) lines.push(`- ${l}`);
  }
  if (r.scaleOut.length > 0) {
    lines.push('');
    lines.push('### Scale-out (two instances on PostgreSQL + Redis)');
    lines.push('');
    for (const l of r.scaleOut) lines.push(`- ${l}`);
  }
  return lines.join('\n');
}

/** Replaces the generated section of `file` (creating the file, or appending the section, when there is none). */
export function writeReport(file: string, report: Report): void {
  const section = `${BEGIN}\n${renderReport(report)}\n${END}`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const begin = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  const next = begin >= 0 && end > begin ? current.slice(0, begin) + section + current.slice(end + END.length) : `${current.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, next);
}
