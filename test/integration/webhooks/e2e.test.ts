import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../helpers/app.js';
import { startReceiver, verify, type Receiver } from '../../helpers/webhook-receiver.js';
import { startWebhookEnqueuer, type WebhookEnqueuer } from '../../../src/webhooks/enqueuer.js';
import { createWebhookWorker, type WebhookWorker } from '../../../src/webhooks/worker.js';
import { createSmtpServer, type SmtpListener } from '../../../src/smtp/server.js';

/** The whole path as an integrator's test suite sees it: real SMTP in, a signed webhook out, the links readable. */
describe.each(DIALECTS)('mail to a webhook, end to end, on %s', (dialect) => {
  let t: TestApp;
  let receiver: Receiver;
  let smtp: SmtpListener;
  let enqueuer: WebhookEnqueuer;
  let worker: WebhookWorker;
  let auth: { authorization: string };

  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    auth = { authorization: `Bearer ${t.developerKey}` };
    receiver = await startReceiver();
    // Wired as src/main.ts wires them: the enqueuer wakes the worker, which also polls.
    worker = createWebhookWorker({ db: t.context.database.db, config: t.context.config, version: t.context.version, pollIntervalMs: 200 });
    enqueuer = startWebhookEnqueuer({ db: t.context.database.db, feed: t.context.events, publicUrl: null, onEnqueued: () => worker.wake() });
    worker.start();
    smtp = createSmtpServer({ config: t.context.config, db: t.context.database.db });
  });
  afterAll(async () => {
    await smtp?.close();
    await enqueuer?.stop();
    await worker?.stop();
    await receiver?.close();
    await t?.close();
  });

  it('delivers a signed message.received that standardwebhooks verifies, with links that answer', async () => {
    const address = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'e2e' } })).json().email;
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: auth,
      payload: { url: `${receiver.url}/inbox`, events: ['message.received'], address },
    });
    expect(hook.statusCode).toBe(201);
    const { secret, id } = hook.json();

    const port = await smtp.listen(0, '127.0.0.1');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const sent = await transport.sendMail({ from: 'Shop <shop@example.com>', to: address, subject: 'Confirm your email', text: 'Code: 123456' });
    transport.close();
    expect(sent.response).toMatch(/^250 /);

    const [request] = await receiver.waitFor(1);
    const event = verify(secret, request) as { type: string; data: { address: string; message: { id: string; subject: string }; links: { message: string; raw: string } } };
    expect(event).toMatchObject({ type: 'message.received', data: { address, message: { subject: 'Confirm your email' } } });

    const message = await t.app.inject({ url: event.data.links.message, headers: auth });
    expect(message.statusCode).toBe(200);
    expect(message.json()).toMatchObject({ id: event.data.message.id, text: 'Code: 123456\n' });
    const raw = await t.app.inject({ url: event.data.links.raw, headers: auth });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('Subject: Confirm your email');

    // The receiver has answered; the worker records the attempt right after.
    let log;
    for (let i = 0; i < 100; i++) {
      log = (await t.app.inject({ url: `/api/v1/webhooks/${id}/deliveries`, headers: auth })).json();
      if (log.deliveries[0]?.status !== 'pending') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ id: request.headers['webhook-id'], status: 'succeeded', attempts: [{ attempt: 1, status_code: 200 }] });
    // The log shows the payload exactly as it was signed and sent.
    expect(log.deliveries[0].payload).toEqual(JSON.parse(request.body));
  });
});
