import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../helpers/app.js';
import { openSse } from '../../../helpers/sse.js';

/** Open streams and long polls must not hold a shutdown (SIGTERM → app.close()) until they end on their own. */
describe('shutdown with open streams and waits', () => {
  let t: TestApp;
  let base: string;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await makeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    auth = { authorization: `Bearer ${t.developerKey}` };
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'shutdown' } });
    expect(created.statusCode).toBe(201);
  });
  afterAll(() => t.close().catch(() => undefined));

  it('ends SSE streams with a shutdown event and answers pending waits 503 with Retry-After when the server closes', async () => {
    const stream = await openSse(`${base}/api/v1/email/shutdown@ephemail.test/events`, auth);
    expect(stream.status).toBe(200);
    const pending = fetch(`${base}/api/v1/email/shutdown@ephemail.test/messages/wait?timeout=60`, { headers: auth });
    await new Promise((r) => setTimeout(r, 200)); // let the wait reach the server and subscribe

    const closed = t.app.close().then(() => 'closed');
    const timeout = new Promise((r) => setTimeout(() => r('still open after 5 s'), 5000));
    expect(await Promise.race([closed, timeout])).toBe('closed');
    await stream.ended;
    expect(stream.text()).toMatch(/event: shutdown\ndata: \{"retry_after":1\}\n\n$/);
    const res = await pending;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ success: false, error: 'service_unavailable', message: 'The server is shutting down; wait again (another instance may answer).' });
  });
});
