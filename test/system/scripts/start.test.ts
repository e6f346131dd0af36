import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiOnly, buildServer } from '../../../scripts/build-server.js';
import { tempDir } from '../../helpers/app.js';
import { exited, startServer } from '../../helpers/server-process.js';

const root = path.resolve(import.meta.dirname, '../../..');

// `npm start` runs the esbuild bundle, not tsx: the files it reads at run time (openapi.yaml, the client package,
// package.json) must resolve from the bundle's location. Built into a folder of its own under dist/, one level deeper
// than dist/main.js, so the test neither races another build nor depends on the exact depth.
describe('the built server (npm start)', () => {
  const outDir = path.join(root, 'dist', `test-start-${process.pid}`);
  let child: ChildProcess;
  let url: string;
  let smtpPort: number;
  let output: () => string;

  /**
   * The bundle built into outDir, from a working directory of its own, with `env` on top: ready once /ready answers
   * 200 and SMTP greets, probed every 20 ms (the clean-stop test stops it at that moment). A try that lost a port to
   * another test gets a new store for the next, whose first start prints the keys again.
   */
  const startBuilt = (env: Record<string, string>) =>
    startServer(() => ({ DATA_DIR: tempDir('ephemail-start-'), MAIL_DOMAINS: 'start.test', ...env }), { bundle: path.join(outDir, 'server.js'), cwd: tempDir('ephemail-start-cwd-'), readyPath: '/ready', pollMs: 20 });

  beforeAll(async () => {
    await buildServer(path.join(outDir, 'server.js'));
    ({ child, url, smtpPort, output } = await startBuilt({ LOG_LEVEL: 'warn', BOOTSTRAP: 'true' }));
  });

  afterAll(async () => {
    if (child) {
      child.kill('SIGTERM');
      await exited(child);
    }
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('answers /ready with every check passing on an empty store', async () => {
    const res = await fetch(`${url}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('serves the spec from openapi.yaml, with the version from package.json', async () => {
    const res = await fetch(`${url}/openapi.json`);
    expect(res.status).toBe(200);
    const spec = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(spec.openapi).toMatch(/^3\.1/);
    expect(Object.keys(spec.paths)).toContain('/ready');
    const health = (await (await fetch(`${url}/health`)).json()) as { version?: string };
    expect(health.version).toBe(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version);
  });

  it('serves the client package from generated/client', async () => {
    const res = await fetch(`${url}/sdk/ephemail-client.tgz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/gzip/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('is ASCII in every file, so Node keeps each source it holds in one byte a character', () => {
    const files = fs.readdirSync(outDir).filter((f) => f.endsWith('.js'));
    expect(files).toContain('server.js');
    expect(files).toContain('intake-worker.js');
    expect(files).toContain('html-worker.js');
    for (const f of files) expect({ f, pastAscii: /[^\x00-\x7f]/.test(fs.readFileSync(path.join(outDir, f), 'latin1')) }).toEqual({ f, pastAscii: false });
  });

  it('stores mail through the intake worker threads, whose task is bundled beside the server', async () => {
    const key = /eph_dev_[0-9A-Za-z]+/.exec(output())?.[0];
    expect(key).toBeDefined();
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const created = (await (await fetch(`${url}/api/v1/email/create`, { method: 'POST', headers: auth, body: '{}' })).json()) as { email: string };
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    const info = await transport.sendMail({ from: 'a@example.com', to: created.email, subject: 'bundled', text: 'Your code is 493021.\n' });
    transport.close();
    expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued msg_/);
    const waited = (await (await fetch(`${url}/api/v1/email/${created.email}/messages/wait?timeout=20`, { headers: auth })).json()) as {
      messages: Array<{ subject: string; codes?: string[] }>;
    };
    expect(waited.messages.map((m) => m.subject)).toEqual(['bundled']);
    expect(output()).not.toMatch(/intake entry could not be stored/);
  });

  it("checks a message's HTML on the checks' worker thread, whose task is bundled beside the server", async () => {
    const key = /eph_dev_[0-9A-Za-z]+/.exec(output())?.[0];
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const created = (await (await fetch(`${url}/api/v1/email/create`, { method: 'POST', headers: auth, body: '{}' })).json()) as { email: string };
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'a@example.com', to: created.email, subject: 'html', html: '<div style="display:flex"><img src="https://example.com/a.png"></div>' });
    transport.close();
    const waited = (await (await fetch(`${url}/api/v1/email/${created.email}/messages/wait?timeout=20`, { headers: auth })).json()) as { messages: Array<{ id: string }> };
    const res = await fetch(`${url}/api/v1/email/${created.email}/messages/${waited.messages[0].id}/checks`, { headers: auth });
    expect(res.status).toBe(200);
    const { checks } = (await res.json()) as { checks: { html_compatibility: { features: Array<{ title: string }> }; html_validation: { findings: Array<{ rule: string }> } } };
    expect(checks.html_compatibility.features.map((f) => f.title)).toContain('display:flex');
    expect(checks.html_validation.findings.map((f) => f.rule)).toContain('wcag/h37');
  });

  it('stops cleanly when told to the moment it is ready, the intake threads still loading: exit 0, nothing reported failed', async () => {
    const { child: early, output: log } = await startBuilt({ LOG_LEVEL: 'info' });
    early.kill('SIGTERM');
    await exited(early);
    expect(early.exitCode).toBe(0);
    expect(log()).toMatch(/shutting down/);
    expect(log()).not.toMatch(/"level":(4|5)\d/);
  });
});

describe('making a built file ASCII', () => {
  const file = (text: string) => {
    const f = path.join(tempDir('ephemail-ascii-'), 'out.js');
    fs.writeFileSync(f, text);
    return f;
  };

  it('replaces characters past ASCII in comments, one character for each, and leaves the program as it was', () => {
    const f = file('const o = {\n  // 50–500 ms → 😀\n  a: "x"\n};\nexport { o };\n');
    asciiOnly(f);
    expect(fs.readFileSync(f, 'utf8')).toBe('const o = {\n  // 50?500 ms ? ??\n  a: "x"\n};\nexport { o };\n');
  });

  it('refuses a file with one in its code (a regular expression), and leaves it alone', () => {
    const text = 'export const r = /[»”]+$/;\n';
    const f = file(text);
    expect(() => asciiOnly(f)).toThrow(/past ASCII outside a comment/);
    expect(fs.readFileSync(f, 'utf8')).toBe(text);
  });
});
