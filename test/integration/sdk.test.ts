import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, tempDir, type TestApp } from '../helpers/app.js';

const root = path.resolve(import.meta.dirname, '../..');
const TSC = path.join(root, 'node_modules/typescript/bin/tsc');
const run = promisify(execFile);

const FLOW = `import { createEphemailClient, waitForMessage, type ErrorCode } from '@ephemail/client';

// The integrator's project has no @types/node: just what this script reads.
declare const process: { env: Record<string, string | undefined> };

const client = createEphemailClient({ baseUrl: process.env.BASE_URL!, developerKey: process.env.DEV_KEY! });
const created = await client.POST('/api/v1/email/create', { body: { prefix: 'sdk-flow', expires_in: 600 } });
if (!created.data) throw new Error(\`create failed: \${created.error?.message}\`);
const address: string = created.data.email;
console.log(\`ADDRESS \${address}\`);
const message = await waitForMessage(client, address, { timeout: 20 });
const missing = await client.GET('/api/v1/email/{address}', { params: { path: { address: 'nobody@ephemail.test' } } });
const code: ErrorCode | undefined = missing.error?.error;
console.log(JSON.stringify({ subject: message?.subject ?? null, status: missing.response.status, code }));
`;

// A call the spec does not allow: `prefix` is a string. Strict TypeScript must refuse it.
const WRONG = `import { createEphemailClient } from '@ephemail/client';
const client = createEphemailClient({ baseUrl: 'http://127.0.0.1:1' });
await client.POST('/api/v1/email/create', { body: { prefix: 42 } });
`;

/** An integrator's view: install the client from the running server into an empty project, use it in strict TS. */
describe('@ephemail/client from GET /sdk/ephemail-client.tgz', () => {
  let t: TestApp;
  let base: string;
  let project: string;
  beforeAll(async () => {
    t = await makeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    project = tempDir('ephemail-sdk-');
    fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }));
  }, 60_000);
  afterAll(() => t?.close());

  it('serves the package as a tarball with an ETag, and 304 when unchanged', async () => {
    const res = await fetch(`${base}/sdk/ephemail-client.tgz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${base}/sdk/ephemail-client.tgz`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  }, 60_000);

  it('installs with npm from the server URL, type-checks under strict, and runs a flow against the server', async () => {
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `${base}/sdk/ephemail-client.tgz`], { cwd: project, timeout: 120_000 });
    const installed = JSON.parse(fs.readFileSync(path.join(project, 'node_modules/@ephemail/client/package.json'), 'utf8')) as { name: string; version: string };
    expect(installed).toMatchObject({ name: '@ephemail/client', version: t.context.version });

    const tsc = (file: string) =>
      run(process.execPath, [TSC, '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--lib', 'es2022,dom', '--outDir', 'out', file], {
        cwd: project,
        timeout: 60_000,
      });
    fs.writeFileSync(path.join(project, 'wrong.ts'), WRONG);
    const refused = await tsc('wrong.ts').then(
      () => '',
      (err: { stdout: string }) => err.stdout,
    );
    expect(refused).toContain("Type 'number' is not assignable to type 'string'");
    fs.writeFileSync(path.join(project, 'flow.ts'), FLOW);
    await tsc('flow.ts');

    const child = spawn(process.execPath, ['out/flow.js'], { cwd: project, env: { ...process.env, BASE_URL: base, DEV_KEY: t.developerKey } });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const address = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /^ADDRESS (\S+)$/m.exec(out);
        if (m) resolve(m[1]);
      });
      child.once('exit', () => reject(new Error(`flow ended early:\n${out}\n${err}`)));
    });
    expect(address).toBe('sdk-flow@ephemail.test');
    await t.deliver({ to: address, subject: 'Hello from the SDK test', text: 'hi' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, err).toBe(0);
    const result = JSON.parse(out.trim().split('\n').pop()!);
    expect(result).toEqual({ subject: 'Hello from the SDK test', status: 404, code: 'address_not_found' });
  }, 180_000);
});

describe('the client attaches keys by each operation\'s declared security', () => {
  it('sends the Tools key, the Developer key or none as the spec says, also under a baseUrl with a path', async () => {
    const { createEphemailClient } = await import('../../client/index.js');
    const seen: Array<{ path: string; apiKey: string | null; authorization: string | null }> = [];
    const fetchSpy = async (input: Request) => {
      seen.push({ path: new URL(input.url).pathname, apiKey: input.headers.get('x-api-key'), authorization: input.headers.get('authorization') });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = createEphemailClient({ baseUrl: 'http://mail.example/ephemail', toolsKey: 'eph_tools_x', developerKey: 'eph_dev_y', fetch: fetchSpy });
    await client.GET('/api/tools/age-calculator', { params: { query: { birthDate: '1990-01-01' } } });
    await client.GET('/api/v1/email');
    await client.GET('/health');
    await client.GET('/api/dashboard/session');
    expect(seen).toEqual([
      { path: '/ephemail/api/tools/age-calculator', apiKey: 'eph_tools_x', authorization: null },
      { path: '/ephemail/api/v1/email', apiKey: null, authorization: 'Bearer eph_dev_y' },
      { path: '/ephemail/health', apiKey: null, authorization: null },
      { path: '/ephemail/api/dashboard/session', apiKey: null, authorization: null },
    ]);
  });
});
