import { expect, it } from 'vitest';
import { createEphemailClient } from '../../../client/index.js';
import { describeContract, expectConforms } from '../../helpers/prism.js';

const PASSWORD = 'correct-horse-battery';

describeContract('Dashboard API', {
  mock: (mock) => {
    it('answers every dashboard operation from the spec', async () => {
      const anonymous = createEphemailClient({ baseUrl: mock().url });
      const signUp = await anonymous.POST('/api/dashboard/signup', { body: { email: 'ada@example.com', password: PASSWORD } });
      expect(signUp.response.status).toBe(201);
      expect(signUp.data?.csrf_token).toBeTypeOf('string');
      expect((await anonymous.POST('/api/dashboard/login', { body: { email: 'ada@example.com', password: PASSWORD } })).data?.account.email).toBeTypeOf('string');

      const client = createEphemailClient({ baseUrl: mock().url, headers: { cookie: 'ephemail_session=mock', 'x-csrf-token': 'mock' } });
      const address = { address: 'signup-test@ephemail.local' };
      const message = { ...address, id: 'msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19' };
      expect((await client.GET('/api/dashboard/session')).data?.settings.mail_domains).toBeInstanceOf(Array);
      expect((await client.PUT('/api/dashboard/account/plan', { body: { plan: 'developer' } })).data?.account.plan).toBeTypeOf('string');
      expect((await client.GET('/api/dashboard/keys', { params: { query: { kind: 'tools' } } })).data?.keys).toBeInstanceOf(Array);
      expect((await client.POST('/api/dashboard/keys', { body: { kind: 'tools', name: 'CI' } })).data?.key).toBeTypeOf('string');
      expect((await client.DELETE('/api/dashboard/keys/{key_id}', { params: { path: { key_id: 'key_5d4c3b2a19f8e7d6c5b4a39281706f5e' } } })).data?.api_key.id).toBeTypeOf('string');
      expect((await client.GET('/api/dashboard/usage', { params: { query: { days: 30 } } })).data?.days).toBeInstanceOf(Array);
      expect((await client.GET('/api/dashboard/addresses')).data?.count).toBeTypeOf('number');
      expect((await client.POST('/api/dashboard/addresses', { body: { prefix: 'signup-test' } })).response.status).toBe(201);
      expect((await client.PATCH('/api/dashboard/addresses/{address}/extend', { params: { path: address }, body: { expires_in: 60 } })).data?.new_expiry).toBeTypeOf('string');
      expect((await client.GET('/api/dashboard/addresses/{address}/messages', { params: { path: address } })).data?.messages).toBeInstanceOf(Array);
      expect((await client.GET('/api/dashboard/addresses/{address}/messages/{id}', { params: { path: message } })).data?.id).toBeTypeOf('string');
      expect((await client.GET('/api/dashboard/addresses/{address}/messages/{id}/raw', { params: { path: message }, parseAs: 'text' })).response.status).toBe(200);
      const attachment = { ...message, attachment_id: 'att_9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d' };
      expect((await client.GET('/api/dashboard/addresses/{address}/messages/{id}/attachments/{attachment_id}', { params: { path: attachment }, parseAs: 'text' })).response.status).toBe(200);
      expect((await client.DELETE('/api/dashboard/addresses/{address}/messages/{id}', { params: { path: message } })).data?.success).toBe(true);
      expect((await client.DELETE('/api/dashboard/addresses/{address}', { params: { path: address } })).data?.success).toBe(true);
      expect((await client.POST('/api/dashboard/logout')).data?.success).toBe(true);
      // The mock checks the security requirements too: no session cookie, no answer.
      expect((await anonymous.GET('/api/dashboard/session')).response.status).toBe(401);
    });
  },
  proxy: (server) => {
    it('every operation, success and failure, conforms', async () => {
      const { t, proxy } = server();
      const anonymous = createEphemailClient({ baseUrl: proxy.url });
      const email = `contract-${Date.now()}@example.com`;
      const signUp = await anonymous.POST('/api/dashboard/signup', { body: { email, password: PASSWORD } });
      expect(signUp.response.status, JSON.stringify(signUp.error)).toBe(201);
      expectConforms(signUp.response);
      const cookie = signUp.response.headers.get('set-cookie')!.split(';')[0];
      expect(cookie).toMatch(/^ephemail_session=/);
      const client = createEphemailClient({ baseUrl: proxy.url, headers: { cookie, 'x-csrf-token': signUp.data!.csrf_token } });

      const logIn = await anonymous.POST('/api/dashboard/login', { body: { email, password: PASSWORD } });
      expect(logIn.response.status).toBe(200);
      expectConforms(logIn.response);

      // Free plan first: Developer keys and addresses are refused.
      const gated = [
        await client.POST('/api/dashboard/keys', { body: { kind: 'developer' } }),
        await client.GET('/api/dashboard/addresses'),
      ];
      for (const res of gated) {
        expect(res.response.status).toBe(403);
        expectConforms(res.response);
      }

      const plan = await client.PUT('/api/dashboard/account/plan', { body: { plan: 'developer' } });
      expect(plan.data?.account.plan).toBe('developer');
      expectConforms(plan.response);
      const created = await client.POST('/api/dashboard/keys', { body: { kind: 'tools', name: 'contract' } });
      expect(created.response.status).toBe(201);
      expectConforms(created.response);
      const toolCall = await fetch(`${proxy.url}/api/tools/age-calculator?birthDate=1990-05-15`, { headers: { 'x-api-key': created.data!.key } });
      expect(toolCall.status).toBe(200);

      const addr = await client.POST('/api/dashboard/addresses', { body: { prefix: 'dash-contract', expires_in: 600 } });
      expect(addr.response.status).toBe(201);
      expectConforms(addr.response);
      const address = { address: addr.data!.email };
      const { id } = await t.deliver({ from: 'a@example.com', to: address.address, subject: 'contract', text: 'hi', html: '<p>hi</p>', attachments: [{ filename: 'a.txt', content: 'abc' }] });
      const message = { ...address, id };
      const list = await client.GET('/api/dashboard/addresses/{address}/messages', { params: { path: address } });
      expect(list.data?.count).toBe(1);
      expectConforms(list.response);
      const attachmentId = list.data!.messages[0].attachments[0].id;

      const calls = [
        await client.GET('/api/dashboard/session'),
        await client.GET('/api/dashboard/keys', { params: { query: { kind: 'tools' } } }),
        await client.GET('/api/dashboard/usage', { params: { query: { days: 7 } } }),
        await client.GET('/api/dashboard/addresses', { params: { query: { limit: 10 } } }),
        await client.PATCH('/api/dashboard/addresses/{address}/extend', { params: { path: address }, body: { expires_in: 1200 } }),
        await client.GET('/api/dashboard/addresses/{address}/messages/{id}', { params: { path: message } }),
        await client.DELETE('/api/dashboard/keys/{key_id}', { params: { path: { key_id: created.data!.api_key.id } } }),
      ];
      for (const call of calls) {
        expect(call.response.status, `${call.response.url}: ${JSON.stringify(call.error)}`).toBe(200);
        expectConforms(call.response);
      }
      const usage = calls[2].data as { totals: { requests: number } };
      expect(usage.totals.requests).toBe(1);
      const rawRes = await client.GET('/api/dashboard/addresses/{address}/messages/{id}/raw', { params: { path: message }, parseAs: 'text' });
      expect(rawRes.response.status).toBe(200);
      expectConforms(rawRes.response);
      const att = await client.GET('/api/dashboard/addresses/{address}/messages/{id}/attachments/{attachment_id}', {
        params: { path: { ...message, attachment_id: attachmentId } },
        parseAs: 'text',
      });
      expect(att.data).toBe('abc');
      expectConforms(att.response);

      // (Requests that break the schema never reach the server: Prism answers them itself. Their 400s are covered by
      // the app.inject tests.)
      const wrongCsrf = createEphemailClient({ baseUrl: proxy.url, headers: { cookie, 'x-csrf-token': 'not-the-token' } });
      const failures = [
        [await anonymous.POST('/api/dashboard/signup', { body: { email, password: PASSWORD } }), 409],
        [await anonymous.POST('/api/dashboard/login', { body: { email, password: 'wrong-password' } }), 401],
        [await createEphemailClient({ baseUrl: proxy.url, headers: { cookie: 'ephemail_session=expired' } }).GET('/api/dashboard/session'), 401],
        [await wrongCsrf.POST('/api/dashboard/keys', { body: { kind: 'tools' } }), 403],
        [await client.DELETE('/api/dashboard/keys/{key_id}', { params: { path: { key_id: 'key_00000000000000000000000000000000' } } }), 404],
        [await client.POST('/api/dashboard/addresses', { body: { prefix: 'dash-contract' } }), 409],
        [await client.POST('/api/dashboard/addresses', { body: { domain: 'gmail.com' } }), 422],
        [await client.GET('/api/dashboard/addresses/{address}/messages/{id}', { params: { path: { ...address, id: 'msg_missing' } } }), 404],
      ] as const;
      for (const [res, status] of failures) {
        expect(res.response.status, `${res.response.url}: ${JSON.stringify(res.error)}`).toBe(status);
        expectConforms(res.response);
      }

      expect((await client.DELETE('/api/dashboard/addresses/{address}/messages/{id}', { params: { path: message } })).response.status).toBe(200);
      const del = await client.DELETE('/api/dashboard/addresses/{address}', { params: { path: address } });
      expect(del.response.status).toBe(200);
      expectConforms(del.response);
      const out = await client.POST('/api/dashboard/logout');
      expect(out.response.status).toBe(200);
      expectConforms(out.response);
      expect((await client.GET('/api/dashboard/session')).response.status).toBe(401);
    });
  },
});
