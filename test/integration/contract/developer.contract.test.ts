import { expect, it } from 'vitest';
import { createEphemailClient } from '../../../client/index.js';
import { describeContract, expectConforms } from '../../helpers/prism.js';

describeContract('Developer API', {
  mock: (mock) => {
    it('answers every Developer operation from the spec', async () => {
      const client = createEphemailClient({ baseUrl: mock().url, developerKey: 'eph_dev_mock' });
      const address = { address: 'signup-test@ephemail.local' };
      const message = { ...address, id: 'msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19' };
      const created = await client.POST('/api/v1/email/create', { body: { prefix: 'signup-test' } });
      expect(created.response.status).toBe(201);
      expect(created.data?.email).toBeTypeOf('string');
      expect((await client.GET('/api/v1/email')).data?.count).toBeTypeOf('number');
      expect((await client.GET('/api/v1/email/{address}', { params: { path: address } })).response.status).toBe(200);
      expect((await client.PATCH('/api/v1/email/{address}/extend', { params: { path: address }, body: { expires_in: 60 } })).data?.new_expiry).toBeTypeOf('string');
      expect((await client.GET('/api/v1/email/{address}/messages', { params: { path: address } })).data?.messages).toBeInstanceOf(Array);
      expect((await client.GET('/api/v1/email/{address}/messages/{id}', { params: { path: message } })).data?.id).toBeTypeOf('string');
      expect((await client.DELETE('/api/v1/email/{address}/messages/{id}', { params: { path: message } })).data?.success).toBe(true);
      expect((await client.DELETE('/api/v1/email/{address}', { params: { path: address } })).data?.success).toBe(true);
    });
  },
  proxy: (server) => {
    it('every operation, success and failure, conforms', async () => {
      const { t, proxy } = server();
      const client = createEphemailClient({ baseUrl: proxy.url, developerKey: t.developerKey });
      const created = await client.POST('/api/v1/email/create', { body: { prefix: 'contract', expires_in: 600 } });
      expect(created.response.status).toBe(201);
      expectConforms(created.response);
      const address = { address: created.data!.email };

      const { id } = await t.deliver({
        from: 'a@example.com',
        to: address.address,
        subject: 'contract',
        text: 'hi',
        html: '<p>hi</p>',
        attachments: [{ filename: 'a.txt', content: 'abc' }],
      });
      const message = { ...address, id };

      const list = await client.GET('/api/v1/email/{address}/messages', { params: { path: address } });
      expect(list.data?.count).toBe(1);
      expectConforms(list.response);
      const attachmentId = list.data!.messages[0].attachments[0].id;
      const calls = [
        await client.GET('/api/v1/email'),
        await client.GET('/api/v1/email/{address}', { params: { path: address } }),
        await client.PATCH('/api/v1/email/{address}/extend', { params: { path: address }, body: { expires_in: 1200 } }),
        await client.GET('/api/v1/email/{address}/messages/{id}', { params: { path: message } }),
      ];
      for (const call of calls) {
        expect(call.response.status, `${call.response.url}: ${JSON.stringify(call.error)}`).toBe(200);
        expectConforms(call.response);
      }
      const rawRes = await client.GET('/api/v1/email/{address}/messages/{id}/raw', { params: { path: message }, parseAs: 'text' });
      expect(rawRes.response.status).toBe(200);
      expectConforms(rawRes.response);
      const att = await client.GET('/api/v1/email/{address}/messages/{id}/attachments/{attachment_id}', {
        params: { path: { ...message, attachment_id: attachmentId } },
        parseAs: 'text',
      });
      expect(att.response.status).toBe(200);
      expectConforms(att.response);

      const failures = [
        [await client.POST('/api/v1/email/create', { body: { prefix: 'contract' } }), 409],
        [await client.POST('/api/v1/email/create', { body: { domain: 'gmail.com' } }), 422],
        [await client.GET('/api/v1/email/{address}', { params: { path: { address: 'nobody@ephemail.test' } } }), 404],
        [await client.GET('/api/v1/email/{address}/messages/{id}', { params: { path: { ...address, id: 'msg_missing' } } }), 404],
      ] as const;
      for (const [res, status] of failures) {
        expect(res.response.status).toBe(status);
        expectConforms(res.response);
      }
      const wrongKind = createEphemailClient({ baseUrl: proxy.url, developerKey: t.toolsKey });
      const forbidden = await wrongKind.GET('/api/v1/email');
      expect(forbidden.response.status).toBe(403);
      expectConforms(forbidden.response);

      expect((await client.DELETE('/api/v1/email/{address}/messages/{id}', { params: { path: message } })).response.status).toBe(200);
      const del = await client.DELETE('/api/v1/email/{address}', { params: { path: address } });
      expect(del.response.status).toBe(200);
      expectConforms(del.response);
    });
  },
});
