import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PROJECT_ROOT } from '../../platform/project-root.js';

/** Where `npm run build:web` (esbuild, scripts/build-web.ts) writes the dashboard: index.html plus hashed files under assets/. */
export const WEB_ROOT = path.join(PROJECT_ROOT, 'dist/web');

/** Paths that belong to the API and its documentation: the dashboard never answers for them. */
const INFRASTRUCTURE = /^\/(?:api|docs|health|openapi)(?:[/.]|$)/i;

/**
 * The dashboard page's Content-Security-Policy: its own scripts only, no inline script, no plugins, no framing, no
 * connections but to itself. `style-src 'unsafe-inline'` is there for mail: the HTML of a message is shown in an
 * `<iframe sandbox srcdoc>`, which inherits this policy, and mail is styled inline. `img-src` admits http(s) images
 * for the same frame, and only so that a reader can choose "load remote images" for one message: the frame
 * carries its own CSP (src/web/src/mail-frame.ts), which allows data: images only until the reader asks, so
 * opening a message never tells its sender. The dashboard's own markup has no remote images.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the single-page dashboard built into `root`: `/assets/*` as long-cached immutable files, and the page
 * itself for `/` and for any other GET that a browser navigates to (client routes such as `/tools/keys`), except
 * the API's own paths, which keep their JSON 404. Before `npm run build:web` has run, the page says how to build it.
 */
async function registerDashboardWeb(app: FastifyInstance, root = WEB_ROOT): Promise<void> {
  const assets = path.join(root, 'assets');
  if (fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: 365 * 86_400_000,
      setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
    });
  }

  let html: string | undefined;
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    const wantsHtml = (request.headers.accept ?? '').includes('text/html') || pathname === '/';
    if (INFRASTRUCTURE.test(pathname) || !wantsHtml) return reply.callNotFound();
    html ??= readIndex(root);
    reply
      .header('content-security-policy', DASHBOARD_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    if (html === undefined) {
      return reply
        .code(503)
        .send('<!doctype html><meta charset="utf-8"><title>Ephemail</title><p>The dashboard has not been built yet: run <code>npm run build:web</code> (<code>npm start</code> does it first). The API and <a href="/docs">/docs</a> work without it.</p>');
    }
    return reply.send(html);
  };
  app.get('/', page);
  app.get('/*', page);
}

function readIndex(root: string): string | undefined {
  try {
    return fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
}

/** The dashboard's page and assets; registered last, so its catch-all GET never shadows an API route. */
export const webPlugin = fp<{ root?: string }>(async (app, { root }) => registerDashboardWeb(app, root), { name: 'ephemail-web', dependencies: ['ephemail-routes'] });
