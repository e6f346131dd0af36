import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../helpers/app.js';
import { errorStatus, readErrorStatuses } from '../../../src/http/plugins/errors.js';
import { sqliteConnectionOf } from '../../../src/db/sqlite-dialect.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { BODY_LIMIT: '2048' } });
});
afterAll(() => t.close());

describe('error envelope', () => {
  it('answers 404 not_found for an unknown route', async () => {
    const res = await t.app.inject({ url: '/api/tools/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'not_found', message: expect.stringContaining('/api/tools/nope') });
  });

  it('answers 400 invalid_json for a malformed body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/age-calculator',
      headers: { 'content-type': 'application/json', 'x-api-key': t.toolsKey },
      payload: '{"birthDate": "1990-05-15",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'invalid_json' });
  });

  it('ignores a malformed JSON body sent to an operation that takes no body, as it ignores bodies of other types (found by the fuzz suite)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'content-type': 'application/json' }, payload: '{"broken":' });
    expect(res.statusCode).toBe(200);
    const logOut = await t.app.inject({ method: 'POST', url: '/api/dashboard/logout', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(logOut.statusCode).toBe(401); // no session: what it declares, not an undeclared 400 invalid_json
    expect(logOut.json().error).toBe('session_required');
  });

  it('answers 415 unsupported_media_type for a text body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/age-calculator',
      headers: { 'content-type': 'text/plain', 'x-api-key': t.toolsKey },
      payload: 'birthDate=1990-05-15',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: 'unsupported_media_type' });
  });

  it('answers 413 payload_too_large over the body limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/email-validator',
      headers: { 'x-api-key': t.toolsKey },
      payload: { action: 'extract', text: 'x'.repeat(4096) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, error: 'payload_too_large' });
  });

  it('answers 400 validation_error naming the parameter and the rule', async () => {
    const res = await t.app.inject({ url: '/api/tools/qr-code?text=hi&size=5000', headers: { 'x-api-key': t.toolsKey } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_error');
    expect(res.json().message).toMatch(/size must be <= 2000/);
  });

  it('names an unknown body field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/age-calculator',
      headers: { 'x-api-key': t.toolsKey },
      payload: { birthDate: '1990-05-15', birthdate: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('birthdate is not a known body field');
  });

  it('refuses a JSON body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/age-calculator',
      headers: { 'x-api-key': t.toolsKey, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_error');
  });

  it('takes each code\'s status from the spec and refuses a catalogue with a code lacking one', () => {
    expect(errorStatus.address_not_found).toBe(404);
    expect(errorStatus.rate_limited).toBe(429);
    const spec = (statuses: string) => `components:\n  schemas:\n    ErrorCode:\n      type: string\n      x-status: {${statuses}}\n      enum: [a_code, b_code]\n`;
    expect(readErrorStatuses(spec('a_code: 400, b_code: 503'))).toEqual({ a_code: 400, b_code: 503 });
    expect(() => readErrorStatuses(spec('a_code: 400'))).toThrow('no 4xx/5xx status for [b_code]');
    expect(() => readErrorStatuses(spec('a_code: 400, b_code: 200'))).toThrow('no 4xx/5xx status for [b_code]');
    expect(() => readErrorStatuses(spec('a_code: 400, b_code: 404, c_code: 409'))).toThrow('statuses for unknown codes [c_code]');
  });
});

describe('500 answers leak nothing', () => {
  it('renders a thrown error as internal_error with only the request id', async () => {
    const fresh = await makeTestApp();
    const original = fresh.context.database.ping;
    fresh.context.database.ping = async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    };
    const res = await fresh.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, error: 'service_unavailable', message: 'The database does not answer.' });
    expect(res.body).not.toContain('hunter2');
    fresh.context.database.ping = original;
    await fresh.close();
  });

  it('answers 500 internal_error with the request id and no message from the failure', async () => {
    const fresh = await makeTestApp();
    fresh.context.keys.authenticate = async () => {
      throw new Error('relation api_keys: password=hunter2');
    };
    const res = await fresh.app.inject({ url: '/api/tools/age-calculator?birthDate=1990-01-01', headers: { 'x-api-key': fresh.toolsKey } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: 'internal_error', message: expect.stringMatching(/^Something went wrong on our side \(request .+\)\.$/) });
    expect(res.body).not.toContain('hunter2');
    await fresh.close();
  });
});

describe('a full store', () => {
  it('answers 503 with Retry-After and says the disk is full, in the provider\'s shape, and takes the retry once there is room', async () => {
    const fresh = await makeTestApp();
    try {
      const created = await fresh.app.inject({ method: 'POST', url: '/api/v1/sandboxes', headers: { authorization: `Bearer ${fresh.developerKey}` }, payload: { name: 'app' } });
      const sandbox = created.json().sandbox as { id: string; api_key: string };
      const send = () =>
        fresh.app.inject({
          method: 'POST',
          url: '/postmark/email',
          headers: { 'x-postmark-server-token': sandbox.api_key, accept: 'application/json' },
          payload: { From: 'app@shop.example', To: 'ada@example.com', Subject: 'Full store', TextBody: 'x'.repeat(60_000) },
        });
      // No room for another page, as on a full disk.
      const sqlite = sqliteConnectionOf(fresh.context.database.db)!;
      sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
      const refused = await send();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({ ErrorCode: 100, Message: expect.stringMatching(/^The store is full: the server's disk has no room/) });

      sqlite.pragma('max_page_count = 1073741823');
      const taken = await send();
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json()).toMatchObject({ ErrorCode: 0, Message: 'OK' });
    } finally {
      await fresh.close();
    }
  });
});

describe('wrong method on a known path', () => {
  it('answers 405 in the envelope with Allow naming the methods the path has', async () => {
    const t = await makeTestApp();
    try {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/tools/age-calculator?birthDate=1990-01-01' });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      expect(res.json()).toEqual({
        success: false,
        error: 'method_not_allowed',
        message: '/api/tools/age-calculator does not answer DELETE; it answers GET, HEAD, POST.',
      });
      // Path parameters match too; an unknown path stays 404.
      const templated = await t.app.inject({ method: 'PUT', url: '/api/v1/email/someone@ephemail.test/messages' });
      expect(templated.statusCode).toBe(405);
      expect(templated.headers.allow).toBe('GET, HEAD');
      const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('not_found');
    } finally {
      await t.close();
    }
  });

  it('answers 400 validation_error, not 405, when a path parameter is longer than the router takes (found by the fuzz suite)', async () => {
    const res = await t.app.inject({ url: `/api/v1/domains/${'h'.repeat(1100)}`, headers: { authorization: `Bearer ${t.developerKey}` } });
    expect(res.statusCode).toBe(400);
    expect(res.headers.allow).toBeUndefined();
    expect(res.json()).toMatchObject({ success: false, error: 'validation_error', message: expect.stringContaining('path parameter') });
  });

  it('serves the spec with a relative server, so Swagger UI calls the host that served it', async () => {
    const t = await makeTestApp();
    try {
      expect((await t.app.inject({ url: '/openapi.json' })).json().servers).toEqual([{ url: '/', description: expect.any(String) }]);
    } finally {
      await t.close();
    }
  });
});

describe('long names', () => {
  it('reads and deletes the messages of a 170-character address (path parameters beyond Fastify\'s default 100)', async () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(40)}.test`;
    const t = await makeTestApp({ env: { MAIL_DOMAINS: domain } });
    try {
      const auth = { authorization: `Bearer ${t.developerKey}` };
      const prefix = `long-${'x'.repeat(55)}`;
      const created = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix } });
      expect(created.statusCode, created.body).toBe(201);
      const address = created.json().email as string;
      expect(address.length).toBeGreaterThan(160);
      const { id } = await t.deliver({ to: address, subject: 'long', text: 'x' });
      const read = await t.app.inject({ url: `/api/v1/email/${address}/messages/${id}`, headers: auth });
      expect(read.statusCode).toBe(200);
      expect(read.json().subject).toBe('long');
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/email/${encodeURIComponent(address)}`, headers: auth });
      expect(removed.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('every answer in the envelope', () => {
  it('ignores a non-JSON body sent to an operation without one, and answers 415 where a JSON body is expected', async () => {
    const t = await makeTestApp();
    try {
      const auth = { authorization: `Bearer ${t.developerKey}` };
      await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'bodyless' } });
      const ignored = await t.app.inject({ method: 'DELETE', url: '/api/v1/email/bodyless@ephemail.test', headers: { ...auth, 'content-type': 'text/plain' }, payload: 'stray' });
      expect(ignored.statusCode).toBe(200);
      const refused = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: { ...auth, 'content-type': 'text/plain' }, payload: 'prefix=x' });
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toMatchObject({ success: false, error: 'unsupported_media_type' });
    } finally {
      await t.close();
    }
  });

  it('answers bad percent-encoding and a NUL byte in a header in the envelope', async () => {
    const t = await makeTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as { port: number }).port;
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
          let out = '';
          socket.on('data', (c: Buffer) => (out += c.toString('latin1')));
          socket.on('close', () => resolve(out));
          socket.on('error', reject);
        });
      const badUrl = await raw('GET /api/v1/email/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(badUrl).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(badUrl.slice(badUrl.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, error: 'validation_error' });
      const nul = await raw('GET /health HTTP/1.1\r\nHost: x\r\nX-Bad: a\0b\r\nConnection: close\r\n\r\n');
      expect(nul).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(nul.slice(nul.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, error: 'validation_error' });
    } finally {
      await t.close();
    }
  });
});

describe.each(DIALECTS)('the NUL character on %s (found by the fuzz suite: PostgreSQL answered 500)', (dialect) => {
  it('answers 400 validation_error for U+0000 in a path parameter, a query parameter or a body field', async () => {
    const t = await makeTestApp({ dialect });
    try {
      const auth = { authorization: `Bearer ${t.developerKey}` };
      const created = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'nul-test' } });
      const address = created.json().email as string;
      const cases = [
        { method: 'GET', url: `/api/v1/email/${encodeURIComponent(address)}%00` },
        { method: 'GET', url: `/api/v1/webhooks/wh_0%00` },
        { method: 'GET', url: `/api/v1/email/${encodeURIComponent(address)}/messages?subject=a%00b` },
        { method: 'POST', url: '/api/v1/webhooks', payload: { url: 'http://127.0.0.1:9/x', events: ['message.received'], description: 'a\u0000b' } },
      ] as const;
      for (const c of cases) {
        const res = await t.app.inject({ method: c.method, url: c.url, headers: auth, ...('payload' in c ? { payload: c.payload } : {}) });
        expect([c.url, res.statusCode, res.json().error]).toEqual([c.url, 400, 'validation_error']);
        expect(res.json().message).toContain('NUL');
      }
      // The address itself is untouched and still answers.
      expect((await t.app.inject({ url: `/api/v1/email/${encodeURIComponent(address)}`, headers: auth })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
