/**
 * Webhook cases for `npm run bench` (bench/run.ts runs them with its other cases): what signing with the
 * standardwebhooks library costs next to node:crypto, what turning a logged event into an outbox row adds to
 * ingesting a message, and what one delivery through the outbox (claim, sign, POST, log) costs next to a bare POST.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { ingestMessage, type IngestRecipient } from '../src/mail/ingest/store.js';
import { enqueueFromLog } from '../src/webhooks/enqueuer.js';
import { createWebhook, sendTestWebhook } from '../src/webhooks/webhooks.js';
import { createWebhookWorker } from '../src/webhooks/worker.js';
import type { BenchCase } from './case.js';

export async function webhookCases(ctx: {
  db: Db;
  config: Config;
  accountId: string;
  recipient: IngestRecipient;
  raw: Buffer;
}): Promise<{ cases: BenchCase[]; close(): Promise<void> }> {
  const { db, accountId, recipient, raw } = ctx;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const policy = { ...ctx.config.webhooks, allowPrivate: true };
  const { view, secret } = await createWebhook(db, { policy }, accountId, { url: `${url}?outbox`, events: ['message.received'] });
  // The delivery case runs before the enqueue case, so this worker only ever finds the rows it times.
  const worker = createWebhookWorker({ db, config: { webhooks: policy }, version: 'bench', batchSize: 1 });

  const body = JSON.stringify({ type: 'bench', timestamp: new Date().toISOString(), data: { text: 'x'.repeat(2000) } });
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signer = new Webhook(secret);
  const now = new Date();

  const barePost = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(body);
    });

  return {
    cases: [
      {
        name: 'sign a 2 kB webhook body with standardwebhooks',
        baselineName: 'node:crypto HMAC-SHA256 of the same bytes',
        baseline: async () => createHmac('sha256', key).update(`whd_1.${Math.floor(now.getTime() / 1000)}.${body}`).digest('base64'),
        candidate: async () => signer.sign('whd_1', now, body),
        ops: 2000,
      },
      {
        name: 'one webhook delivery through the outbox (queue, claim, sign, POST, log)',
        baselineName: 'a bare HTTP POST of a 2 kB body to the same receiver',
        baseline: barePost,
        candidate: async () => {
          await sendTestWebhook(db, accountId, view.id);
          const r = await worker.runOnce();
          if (r.succeeded !== 1) throw new Error(`delivery did not succeed: ${JSON.stringify(r)}`);
        },
        ops: 50,
      },
      {
        name: 'ingest + enqueue message.received for a matching webhook (read the log, outbox row, cursor)',
        baselineName: 'ingestMessage() alone (parse + durable commit with its event)',
        baseline: () => ingestMessage(db, raw, [recipient]),
        candidate: async () => {
          await ingestMessage(db, raw, [recipient]);
          await enqueueFromLog(db, null);
        },
        ops: 50,
      },
    ],
    close: () => new Promise((resolve) => receiver.close(() => resolve())),
  };
}
