import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'web' && dir === src ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative module a file imports or re-exports, type-only ones included, as paths under src/. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specifiers.map((s) => path.relative(src, path.resolve(path.dirname(file), s)));
}

describe('the layout of src/', () => {
  it('has no import cycle, type-only imports included (dpdm)', () => {
    const OUT = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-dpdm-')), 'graph.json');
    const out = execFileSync(
      path.join(root, 'node_modules/.bin/dpdm'),
      ['--no-tree', '--no-warning', '--no-progress', '--output', OUT, 'src/main.ts', 'src/handlers/index.ts', 'scripts/admin.ts'],
      { cwd: root, encoding: 'utf8' },
    );
    void out;
    const report = JSON.parse(fs.readFileSync(OUT, 'utf8')) as { circulars: string[][]; tree: Record<string, unknown> };
    // The graph really was read: every domain folder is in it.
    for (const folder of ['http/', 'identity/', 'mail/', 'platform/', 'webhooks/', 'smtp/', 'db/']) {
      expect(Object.keys(report.tree).some((f) => f.startsWith(`src/${folder}`))).toBe(true);
    }
    expect(report.circulars).toEqual([]);
  });

  it('keeps HTTP on top: only src/http, the handlers, the runtime and main import from src/http', () => {
    const above = (rel: string) => rel.startsWith('http/') || rel.startsWith('handlers/') || rel === 'runtime.ts' || rel === 'main.ts';
    const offending = sourceFiles(src)
      .map((file) => path.relative(src, file))
      .filter((rel) => !above(rel))
      .flatMap((rel) => importsOf(path.join(src, rel)).filter((target) => target.startsWith('http/')).map((target) => `${rel} → ${target}`));
    expect(offending).toEqual([]);
  });

  it('leaves no file in the retired src/services folder', () => {
    expect(fs.existsSync(path.join(src, 'services'))).toBe(false);
  });
});
