import { buildServer, SERVER_BUNDLE } from '../../scripts/build-server.js';
import { overload, postgresDrops, redisOutage, rollingRestart, type ScenarioResult } from './scenarios.js';
import { useServerBundle } from './world.js';

/**
 * `npm run chaos`: the four scenarios of issue #24 in sequence (a few minutes in all; CHAOS_SCALE=2 doubles the
 * disruptions and the time between them), then one table. test/system/reliability runs the same scenarios short.
 */
const scale = Number(process.env.CHAOS_SCALE ?? 1);
// The instances run what `npm start` runs: dist/main.js, built afresh.
await buildServer();
useServerBundle(SERVER_BUNDLE);
const rows: Array<ScenarioResult & { ok: boolean }> = [];
const run = async (result: Promise<ScenarioResult>, ok: (r: ScenarioResult) => boolean) => {
  const r = await result;
  rows.push({ ...r, ok: ok(r) });
  console.error(`${r.scenario}: ${r.notes.join('; ')}${r.failures.length ? `; failures: ${r.http.summary(r.failures)}` : ''}`);
};
const clean = (r: ScenarioResult) => r.failures.length === 0 && r.delivery.lost.length === 0 && r.delivery.duplicates.length === 0 && r.smtp.gaveUp === 0;
await run(rollingRestart({ extraSeconds: 4 * scale }), clean);
await run(postgresDrops({ drops: 6 * scale, intervalMs: 3000 }), (r) => clean(r) && r.maxRecoveryMs < 5000);
await run(redisOutage({ downMs: 10_000 * scale }), clean);
await run(overload({ seconds: 10 * scale }), clean);

const table = [
  ['scenario', 'HTTP requests', 'failed', 'declared 503', 'SMTP 4xx (retried)', 'acknowledged', 'stored', 'lost', 'duplicates', 'max recovery', 'ok'],
  ...rows.map((r) => [
    r.scenario,
    String(r.requests),
    String(r.failures.length),
    String(r.declared.length),
    String(r.smtp.temporary),
    String(r.delivery.acknowledged),
    String(r.delivery.stored),
    String(r.delivery.lost.length),
    String(r.delivery.duplicates.length),
    `${(r.maxRecoveryMs / 1000).toFixed(1)} s`,
    r.ok ? 'yes' : 'NO',
  ]),
];
const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
const line = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log([line(table[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...table.slice(1).map(line)].join('\n'));
process.exit(rows.every((r) => r.ok) ? 0 : 1);
