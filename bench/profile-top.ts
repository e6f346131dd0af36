/**
 * `tsx bench/profile-top.ts FILE.cpuprofile [N]`: the N heaviest frames of a `node --cpu-prof` profile, by self
 * time and by total (inclusive) time, with the package or source file each belongs to. BENCHMARKS.md quotes it.
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** `fromMs`: leave out the samples of the first milliseconds of the profile (a server's start-up, say). */
export function topFrames(profile: Profile, n = 15, fromMs = 0): { self: string[]; total: string[]; totalMs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  let counted = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at - profile.startTime < fromMs * 1000) return;
    counted += profile.timeDeltas[i] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const label = (node: Node) => {
    const f = node.callFrame;
    const where = f.url.replace(/^file:\/\//, '').replace(/.*node_modules\/((?:@[^/]+\/)?[^/]+)\/.*/, '$1').replace(/.*\/(src|dist|scripts)\//, '$1/');
    return `${f.functionName || '(anonymous)'} ${where ? `(${where}${f.url.includes('node_modules') ? '' : `:${f.lineNumber + 1}`})` : ''}`.trim();
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    self.set(label(node), (self.get(label(node)) ?? 0) + us);
    // Inclusive time: each distinct label on the stack once.
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + us);
    }
  }
  const totalUs = counted;
  const fmt = (m: Map<string, number>) =>
    [...m]
      .filter(([l]) => !/^\((root|program|idle)\)/.test(l))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([l, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / totalUs).toFixed(1).padStart(5)} %  ${l}`);
  return { self: fmt(self), total: fmt(total), totalMs: totalUs / 1000 };
}

if (process.argv[1]?.endsWith('profile-top.ts')) {
  const [file, count] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/profile-top.ts FILE.cpuprofile [N]');
  const r = topFrames(JSON.parse(fs.readFileSync(file, 'utf8')) as Profile, Number(count ?? 15));
  console.log(`profile of ${r.totalMs.toFixed(0)} ms\n\nself time:\n${r.self.join('\n')}\n\ntotal time:\n${r.total.join('\n')}`);
}
