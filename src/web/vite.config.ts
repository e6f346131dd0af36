import path from 'node:path';
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';

const here = import.meta.dirname;

/**
 * The dashboard: a Preact single-page app built into dist/web, which the server serves at `/` (src/http/web.ts).
 * `npm run dev:web` serves it with hot reload and forwards the API to a server started with `npm start` on :3000.
 */
export default defineConfig({
  root: here,
  base: '/',
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: true })],
  logLevel: 'warn',
  build: {
    outDir: path.resolve(here, '../../dist/web'),
    emptyOutDir: true,
    target: 'es2020',
    // Everything as files under /assets: the page's CSP allows no inline code.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: Object.fromEntries(['/api', '/docs', '/openapi.json', '/openapi.yaml', '/health'].map((p) => [p, 'http://127.0.0.1:3000'])),
  },
});
