import { expect, it } from 'vitest';
import { createEphemailClient } from '../../../client/index.js';
import { describeContract, expectConforms } from '../../helpers/prism.js';
import { startReceiver, verify, type Receiver } from '../../helpers/webhook-receiver.js';
import { createWebhookWorker } from '../../../src/webhooks/worker.js';

const hookPath = (webhook_id: string) => ({ params: { path: { webhook_id } } });

let receiver: Receiver;

describeContract('Webhooks', {
  app: async () => {
    receiver = await startReceiver();
    return { options: { env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' } }, close: () => receiver.close() };
  },
  mock: (mock) => {
    it('answers every webhook operation from the spec', async () => {
      const client = createEphemailClient({ baseUrl: mock().url, developerKey: 'eph_dev_mock' });
      const id = 'wh_5b0e8f1c2d3a4b5c6d7e8f9a0b1c2d3e';
      const created = await client.POST('/api/v1/webhooks', { body: { url: 'https://ci.example.com/hooks', events: ['message.received'] } });
      expect(created.response.status).toBe(201);
      expect(created.data?.secret).toMatch(/^whsec_/);
      expect((await client.GET('/api/v1/webhooks')).data?.count).toBeTypeOf('number');
      expect((await client.GET('/api/v1/webhooks/{webhook_id}', hookPath(id))).data?.id).toBeTypeOf('string');
      expect((await client.PATCH('/api/v1/webhooks/{webhook_id}', { ...hookPath(id), body: { enabled: true } })).data?.enabled).toBeTypeOf('boolean');
      expect((await client.POST('/api/v1/webhooks/{webhook_id}/rotate-secret', { ...hookPath(id), body: { previous_secret_expires_in: 60 } })).data?.secret).toMatch(/^whsec_/);
      expect((await client.GET('/api/v1/webhooks/{webhook_id}/deliveries', hookPath(id))).data?.deliveries).toBeInstanceOf(Array);
      const test = await client.POST('/api/v1/webhooks/{webhook_id}/test', hookPath(id));
      expect(test.response.status).toBe(202);
      const redelivered = await client.POST('/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', {
        params: { path: { webhook_id: id, delivery_id: 'whd_0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f' } },
      });
      expect(redelivered.response.status).toBe(202);
      expect((await client.DELETE('/api/v1/webhooks/{webhook_id}', hookPath(id))).data?.success).toBe(true);
    });
  },
  proxy: (server) => {
    it('every operation, success and failure, conforms', async () => {
      const { t, proxy } = server();
      const client = createEphemailClient({ baseUrl: proxy.url, developerKey: t.developerKey });
      const address = (await client.POST('/api/v1/email/create', { body: { prefix: 'contract-hook' } })).data!.email;

      const created = await client.POST('/api/v1/webhooks', {
        body: { url: `${receiver.url}/contract`, events: ['message.received', 'address.deleted'], address, description: 'contract' },
      });
      expect(created.response.status).toBe(201);
      expectConforms(created.response);
      const { id, secret } = created.data!;

      const test = await client.POST('/api/v1/webhooks/{webhook_id}/test', hookPath(id));
      expect(test.response.status).toBe(202);
      expectConforms(test.response);
      await createWebhookWorker({ db: t.context.database.db, config: t.context.config, version: 'contract' }).runOnce();
      expect(verify(secret, receiver.received[0])).toMatchObject({ type: 'webhook.test' });

      const deliveries = await client.GET('/api/v1/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: id }, query: { status: 'succeeded', limit: 5 } } });
      expect(deliveries.data?.deliveries[0].attempts[0].status_code).toBe(200);
      expectConforms(deliveries.response);
      const delivery_id = deliveries.data!.deliveries[0].id;

      const calls = [
        await client.GET('/api/v1/webhooks', { params: { query: { limit: 10 } } }),
        await client.GET('/api/v1/webhooks/{webhook_id}', hookPath(id)),
        await client.PATCH('/api/v1/webhooks/{webhook_id}', { ...hookPath(id), body: { events: ['message.received'], address: null, description: null } }),
        await client.POST('/api/v1/webhooks/{webhook_id}/rotate-secret', hookPath(id)),
        await client.POST('/api/v1/webhooks/{webhook_id}/rotate-secret', { ...hookPath(id), body: { previous_secret_expires_in: 0 } }),
      ];
      for (const call of calls) {
        expect(call.response.status, `${call.response.url}: ${JSON.stringify(call.error)}`).toBe(200);
        expectConforms(call.response);
      }
      const redelivered = await client.POST('/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', { params: { path: { webhook_id: id, delivery_id } } });
      expect(redelivered.response.status).toBe(202);
      expectConforms(redelivered.response);

      const disabled = await client.PATCH('/api/v1/webhooks/{webhook_id}', { ...hookPath(id), body: { enabled: false } });
      expect(disabled.data).toMatchObject({ enabled: false, disabled_reason: 'manual' });
      expectConforms(disabled.response);

      const failures = [
        [await client.POST('/api/v1/webhooks', { body: { url: 'http://169.254.169.254/latest/meta-data/', events: ['address.created'] } }), 422],
        [await client.POST('/api/v1/webhooks', { body: { url: 'ftp://example.com/', events: ['address.created'] } }), 400],
        [await client.POST('/api/v1/webhooks', { body: { url: `${receiver.url}/x`, events: ['address.created'], address: 'nobody@ephemail.test' } }), 404],
        [await client.GET('/api/v1/webhooks/{webhook_id}', hookPath('wh_missing')), 404],
        [await client.PATCH('/api/v1/webhooks/{webhook_id}', { ...hookPath(id), body: { url: 'http://10.0.0.1/' } }), 422],
        [await client.POST('/api/v1/webhooks/{webhook_id}/test', hookPath(id)), 409],
        [await client.POST('/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', { params: { path: { webhook_id: id, delivery_id: 'whd_missing' } } }), 404],
        [await client.POST('/api/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', { params: { path: { webhook_id: id, delivery_id } } }), 409],
        [await client.GET('/api/v1/webhooks/{webhook_id}/deliveries', hookPath('wh_missing')), 404],
        [await client.POST('/api/v1/webhooks/{webhook_id}/rotate-secret', hookPath('wh_missing')), 404],
        [await client.DELETE('/api/v1/webhooks/{webhook_id}', hookPath('wh_missing')), 404],
      ] as const;
      for (const [res, status] of failures) {
        expect(res.response.status, `${res.response.url}: ${JSON.stringify(res.error)}`).toBe(status);
        expectConforms(res.response);
      }
      const wrongKind = createEphemailClient({ baseUrl: proxy.url, developerKey: t.toolsKey });
      const forbidden = await wrongKind.GET('/api/v1/webhooks');
      expect(forbidden.response.status).toBe(403);
      expectConforms(forbidden.response);

      const del = await client.DELETE('/api/v1/webhooks/{webhook_id}', hookPath(id));
      expect(del.response.status).toBe(200);
      expectConforms(del.response);
    });
  },
});
