/**
 * `npm run build:server`: bundles the server (src/main.ts and everything it imports from src/) with esbuild into
 * dist/main.js, so `npm start` runs plain JavaScript instead of compiling TypeScript at every start.
 *
 * npm packages stay external and Node loads them from node_modules as usual: several read files beside themselves at
 * run time (@fastify/swagger-ui's static assets, the domain lists, better-sqlite3's native addon, pg's optional
 * pg-native), which a bundle would cut off from them. Those in BUNDLED are the exception. Our own files that are read at
 * run time (openapi.yaml, dist/web, generated/client, package.json) are found from src/platform/project-root.ts. The build also
 * validates openapi.yaml and leaves it parsed in dist/openapi.cache.json, which the server uses while its hash matches.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { writeSpecCache } from '../src/http/spec/spec.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SERVER_BUNDLE = path.join(root, 'dist/main.js');
const CHUNK_PREFIX = 'chunk-';
/**
 * Packages bundled in rather than loaded from node_modules: plain ES modules that read nothing beside themselves and
 * that no external package loads too (it would get a second copy). Kysely is 279 files, each resolved, read and
 * compiled by Node's module loader at start: bundled, `npm start` reached /ready about a tenth sooner with 5 MB less
 * resident (BENCHMARKS.md, intake queue, session 13).
 */
const BUNDLED = ['kysely'];

export async function buildServer(outfile = SERVER_BUNDLE): Promise<esbuild.Metafile> {
  // Every package the project names is external (and its subpaths), but those in BUNDLED; a package only they depend on
  // is bundled with them.
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const packages = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].flatMap((k) => Object.keys(pkg[k] ?? {}));
  const external = packages.filter((d) => !BUNDLED.includes(d)).flatMap((d) => [d, `${d}/*`]);
  const common = { bundle: true, external, platform: 'node', target: 'node20', format: 'esm', sourcemap: 'linked', metafile: true, logLevel: 'warning' } as const;
  // Split at our own dynamic imports (`await import('./links.js')`): each becomes a chunk beside the bundle, loaded on
  // first use with the packages it imports, instead of being inlined with those imports hoisted to the bundle's top,
  // where they would load at start. The chunks of an earlier build go first.
  const outdir = path.dirname(outfile);
  if (fs.existsSync(outdir)) for (const f of fs.readdirSync(outdir)) if (f.startsWith(CHUNK_PREFIX)) fs.rmSync(path.join(outdir, f));
  const result = await esbuild.build({
    ...common,
    entryPoints: { [path.basename(outfile, '.js')]: path.join(root, 'src/main.ts') },
    outdir,
    splitting: true,
    chunkNames: `${CHUNK_PREFIX}[name]-[hash]`,
  });
  // The intake's worker threads load their task from a file of its own, beside the bundle (src/mail/ingest/intake-pool.ts).
  await esbuild.build({ ...common, entryPoints: [path.join(root, 'src/mail/ingest/intake-worker.ts')], outfile: path.join(path.dirname(outfile), 'intake-worker.js') });
  // So does the thread of the messages' HTML checks (src/mail/checks/html-checker.ts).
  await esbuild.build({ ...common, entryPoints: [path.join(root, 'src/mail/checks/html-worker.ts')], outfile: path.join(path.dirname(outfile), 'html-worker.js') });
  // And the SQLite store's checkpoint thread (src/db/checkpointer.ts).
  await esbuild.build({ ...common, entryPoints: [path.join(root, 'src/db/checkpoint-thread.ts')], outfile: path.join(path.dirname(outfile), 'checkpoint-thread.js') });
  for (const f of fs.readdirSync(outdir)) if (f.endsWith('.js')) asciiOnly(path.join(outdir, f));
  // openapi.yaml parsed and validated now rather than at every start (src/http/spec/spec.ts reads it when its hash matches).
  await writeSpecCache();
  return result.metafile;
}

/**
 * Makes a built file ASCII. esbuild escapes every character past ASCII in strings, templates and names, but writes
 * regular expression literals and the comments it carries over (those inside object literals) as they are; one dash
 * in them makes V8 hold the whole source, kept in memory for as long as the process runs, in two bytes a character
 * instead of one (dist/main.js: 1.2 MiB instead of 0.6). Each such character becomes '?' — one character for each
 * UTF-16 unit, so the source map's columns still hold — and the file is refused unless, comments aside, it is the
 * program it was: a regular expression must spell such characters as escapes (src/mail/codes-links.ts).
 */
export function asciiOnly(file: string): void {
  const before = fs.readFileSync(file, 'utf8');
  if (!/[^\x00-\x7f]/.test(before)) return;
  const after = before.replace(/[^\x00-\x7f]/g, '?');
  const program = (text: string) => esbuild.transformSync(text, { minify: true, format: 'esm', legalComments: 'none' }).code;
  if (program(after) !== program(before)) throw new Error(`${file}: a character past ASCII outside a comment; it would change the program`);
  fs.writeFileSync(file, after);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const metafile = await buildServer();
  const bytes = metafile.outputs[path.relative(process.cwd(), SERVER_BUNDLE)]?.bytes ?? Object.values(metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  console.log(`server built into dist/main.js (${(bytes / 1024).toFixed(0)} KiB from ${Object.keys(metafile.inputs).length} files)`);
}
