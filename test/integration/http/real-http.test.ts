import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEphemailClient } from '../../../client/index.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { decodeQrPng } from '../../helpers/qr.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

describe('over real HTTP', () => {
  it('serves a scannable PNG with fetch and the header key', async () => {
    const res = await fetch(`${base}/api/tools/qr-code?type=url&url=https://ephemail.test/x&format=png&size=400`, {
      headers: { 'x-api-key': t.toolsKey },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-ratelimit-limit')).toBe('120');
    expect(decodeQrPng(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 400, height: 400, text: 'https://ephemail.test/x' });
  });

  it('works through the generated client', async () => {
    const client = createEphemailClient({ baseUrl: base, toolsKey: t.toolsKey });
    const { data, error, response } = await client.POST('/api/tools/age-calculator', { body: { birthDate: '1990-05-15', referenceDate: '2024-05-16' } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.data.years).toBe(34);
  });

  it('answers the envelope for a malformed JSON body sent by a real client', async () => {
    const res = await fetch(`${base}/api/tools/email-validator`, {
      method: 'POST',
      headers: { 'x-api-key': t.toolsKey, 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: 'invalid_json' });
  });
});
