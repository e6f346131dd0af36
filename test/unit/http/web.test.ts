import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRuntime } from '../../../src/runtime.js';
import { openTestDatabase, tempDir, testConfig } from '../../helpers/app.js';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** The app of a whole runtime on a fresh store, serving the dashboard from `webRoot`; `stop` closes both. */
async function appWithWebRoot(webRoot: string): Promise<FastifyInstance & { stop(): Promise<void> }> {
  const runtime = await createRuntime(testConfig(), { context: { database: await openTestDatabase('sqlite') }, logger: false, webRoot, workers: false });
  await runtime.app.ready();
  return Object.assign(runtime.app, { stop: () => runtime.stop() });
}

describe('the dashboard page and its assets', () => {
  let app: Awaited<ReturnType<typeof appWithWebRoot>>;
  beforeAll(async () => {
    const root = tempDir('ephemail-web-');
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Ephemail dashboard</title><script type="module" src="/assets/app-1234.js"></script>');
    fs.writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log("dashboard")');
    app = await appWithWebRoot(root);
  });
  afterAll(() => app?.stop());

  it('serves the page at / with a strict CSP and no framing', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Ephemail dashboard</title>');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with the page when a browser navigates to them', async () => {
    for (const url of ['/tools/keys', '/developer/addresses/someone%40ephemail.test/msg_1', '/usage?days=7', '/login']) {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Ephemail dashboard');
    }
  });

  it('serves hashed assets as immutable files', async () => {
    const res = await app.inject({ url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toBe('console.log("dashboard")');
    expect((await app.inject({ url: '/assets/../index.html' })).statusCode).not.toBe(200);
  });

  it('never shadows the API, its documentation or the spec', async () => {
    const api = await app.inject({ url: '/api/nope', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, error: 'not_found' });
    expect((await app.inject({ url: '/api/dashboard/session', headers: html })).json().error).toBe('session_required');
    expect((await app.inject({ url: '/health', headers: html })).json().status).toBe('ok');
    expect((await app.inject({ url: '/openapi.json', headers: html })).json().openapi).toBe('3.1.0');
    expect((await app.inject({ url: '/docs/', headers: html })).body).toContain('swagger-ui');
    expect((await app.inject({ url: '/docs/nope', headers: html })).body).not.toContain('Ephemail dashboard');
    // Not a navigation (an API client, a favicon probe): the JSON 404 as before.
    const probe = await app.inject({ url: '/favicon.ico', headers: { accept: 'image/*' } });
    expect(probe.statusCode).toBe(404);
    expect(probe.json().error).toBe('not_found');
    expect((await app.inject({ method: 'POST', url: '/tools/keys', headers: html })).statusCode).toBe(404);
  });
});

describe('before the dashboard is built', () => {
  it('says how to build it and keeps the API working', async () => {
    const app = await appWithWebRoot(tempDir('ephemail-web-empty-'));
    try {
      const res = await app.inject({ url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build:web');
      expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.stop();
    }
  });
});
