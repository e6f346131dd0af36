/**
 * `npm run build:web`: bundles the dashboard (src/web, Preact + TSX) with esbuild into dist/web — index.html plus
 * content-hashed files under assets/ (src/http/plugins/web.ts serves them). `--watch` rebuilds on change for development.
 * esbuild rather than Vite: its platform binaries are all in the lock file, so `npm ci` works on every platform.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'src/web');
const out = path.join(root, 'dist/web');
const assets = path.join(out, 'assets');

const options: esbuild.BuildOptions = {
  entryPoints: [path.join(web, 'src/main.tsx')],
  bundle: true,
  splitting: true,
  format: 'esm',
  outdir: assets,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  target: 'es2020',
  minify: true,
  sourcemap: false,
  metafile: true,
  tsconfig: path.join(web, 'tsconfig.json'),
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

/** Writes index.html pointing at this build's hashed entry script and stylesheet. */
function writeIndex(metafile: esbuild.Metafile): void {
  const outputs = Object.entries(metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint?.endsWith('src/main.tsx'));
  if (!entry) throw new Error('esbuild produced no entry script');
  const url = (file: string) => `/assets/${path.basename(file)}`;
  const css = entry[1].cssBundle ? `<link rel="stylesheet" href="${url(entry[1].cssBundle)}" />\n    ` : '';
  fs.copyFileSync(path.join(web, 'favicon.svg'), path.join(assets, 'favicon.svg'));
  const html = fs
    .readFileSync(path.join(web, 'index.html'), 'utf8')
    .replace('href="./favicon.svg"', 'href="/assets/favicon.svg"')
    .replace(/<script type="module" src="\.\/src\/main\.tsx"><\/script>/, `${css}<script type="module" src="${url(entry[0])}"></script>`);
  if (!html.includes(url(entry[0]))) throw new Error('src/web/index.html has no <script type="module" src="./src/main.tsx"> to replace');
  fs.writeFileSync(path.join(out, 'index.html'), html);
}

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(assets, { recursive: true });
if (process.argv.includes('--watch')) {
  const ctx = await esbuild.context({
    ...options,
    minify: false,
    plugins: [
      {
        name: 'index',
        setup: (b) =>
          b.onEnd((r) => {
            if (r.metafile && r.errors.length === 0) writeIndex(r.metafile);
          }),
      },
    ],
  });
  await ctx.watch();
  console.log('watching src/web; run `npm start` (or `npm run dev`) alongside and reload the page');
} else {
  const result = await esbuild.build(options);
  writeIndex(result.metafile!);
  const bytes = Object.values(result.metafile!.outputs).reduce((n, o) => n + o.bytes, 0);
  console.log(`dashboard built into dist/web (${(bytes / 1024).toFixed(0)} KiB in ${Object.keys(result.metafile!.outputs).length} files)`);
}
