import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { openSse } from '../../../helpers/sse.js';

/** A sign-up test's view: wait for *the* email (the reset, not the welcome), count, and stream only what matches. */
describe.each(DIALECTS)('waiting and streaming with matchers on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let auth: Record<string, string>;
  let n = 0;
  const newAddress = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: `match-${dialect}-${++n}` } });
    return res.json().email as string;
  };
  const wait = (address: string, query: string) => fetch(`${base}/api/v1/email/${address}/messages/wait?${query}`, { headers: auth }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  beforeAll(async () => {
    t = await makeTestApp({ dialect });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    auth = { authorization: `Bearer ${t.developerKey}` };
  });
  afterAll(() => t?.close());

  it('answers only the message that matches subject, from and body, ignoring others that arrive first', async () => {
    const address = await newAddress();
    await t.deliver({ from: 'Shop <welcome@shop.example>', to: address, subject: 'Welcome!', text: 'Glad to have you.' });
    const pending = wait(address, 'timeout=20&subject=reset&from=security&text=RESET-LINK');
    await new Promise((r) => setTimeout(r, 200));
    await t.deliver({ from: 'Shop <security@shop.example>', to: address, subject: 'Reset your password', text: 'No link in this one.' });
    await t.deliver({ from: 'Shop <news@shop.example>', to: address, subject: 'Password reset tips', text: 'reset-link tips' });
    await t.deliver({ from: 'Shop <security@shop.example>', to: address, subject: 'Reset your password', html: '<p>Your <a href="https://shop.example/r/1">reset-link</a></p>' });
    const { status, body } = await pending;
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, count: 1, timed_out: false });
    expect(body.messages.map((m: { from: { address: string }; subject: string }) => [m.from.address, m.subject])).toEqual([['security@shop.example', 'Reset your password']]);
  });

  it('waits for count=N matching messages, counting those already there', async () => {
    const address = await newAddress();
    await t.deliver({ to: address, subject: 'Code 1', text: 'one' });
    const pending = wait(address, 'timeout=20&subject=code&count=3');
    await new Promise((r) => setTimeout(r, 200));
    await t.deliver({ to: address, subject: 'Unrelated', text: 'x' });
    await t.deliver({ to: address, subject: 'Code 2', text: 'two' });
    await t.deliver({ to: address, subject: 'Code 3', text: 'three' });
    const { body } = await pending;
    expect(body).toMatchObject({ count: 3, timed_out: false });
    expect(body.messages.map((m: { subject: string }) => m.subject)).toEqual(['Code 3', 'Code 2', 'Code 1']);
    // Not enough within the timeout: the matches there are, with timed_out.
    const short = await wait(address, 'timeout=0&subject=code&count=5');
    expect(short.body).toMatchObject({ count: 3, timed_out: true });
  });

  it('streams only matching messages, replay included', async () => {
    const address = await newAddress();
    await t.deliver({ to: address, subject: 'Welcome', text: 'hello' });
    const { id: first } = await t.deliver({ to: address, subject: 'Your code', text: 'code 111' });
    const stream = await openSse(`${base}/api/v1/email/${address}/events?since=2000-01-01T00:00:00Z&text=CODE`, auth);
    const replayed = await stream.next((e) => e.event === 'message');
    expect(JSON.parse(replayed.data!).id).toBe(first);
    await t.deliver({ to: address, subject: 'Newsletter', text: 'nothing here' });
    const { id: second } = await t.deliver({ to: address, subject: 'Another code', text: 'code 222' });
    const live = await stream.next((e) => e.event === 'message');
    expect(JSON.parse(live.data!).id).toBe(second);
    stream.close();
  });
});
