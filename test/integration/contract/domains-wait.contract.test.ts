import { expect, it } from 'vitest';
import { createEphemailClient } from '../../../client/index.js';
import { startTestDns, type TestDns } from '../../helpers/dns.js';
import { describeContract, expectConforms } from '../../helpers/prism.js';
import { countSubscriptions, streamedMessageIds } from '../../helpers/feed.js';

let dns: TestDns;

describeContract('Domains, waiting and filters', {
  app: async () => {
    dns = await startTestDns();
    return { options: { env: { DNS_SERVERS: dns.server, SMTP_HOSTNAME: 'mx.ephemail.test' } }, close: () => dns.close() };
  },
  mock: (mock) => {
    it('answers every new operation from the spec', async () => {
      const client = createEphemailClient({ baseUrl: mock().url, developerKey: 'eph_dev_mock' });
      const domain = { domain: 'qa.example.com' };
      const address = { address: 'signup-test@ephemail.local' };
      const message = { ...address, id: 'msg_4f1c2a9b0e5d4c3b8a7f6e5d4c3b2a19' };

      const added = await client.POST('/api/v1/domains', { body: { domain: 'qa.example.com' } });
      expect(added.response.status).toBe(201);
      expect(added.data?.records.map((r) => r.type)).toEqual(['TXT', 'MX']);
      expect((await client.GET('/api/v1/domains')).data?.domains).toBeInstanceOf(Array);
      expect((await client.GET('/api/v1/domains/{domain}', { params: { path: domain } })).data?.domain).toBe('qa.example.com');
      expect((await client.POST('/api/v1/domains/{domain}/verify', { params: { path: domain } })).data?.checks).toHaveLength(2);
      expect((await client.PATCH('/api/v1/domains/{domain}', { params: { path: domain }, body: { catch_all: 'inbox' } })).data?.catch_all).toBe('inbox');
      expect((await client.DELETE('/api/v1/domains/{domain}', { params: { path: domain } })).data?.success).toBe(true);

      const waited = await client.GET('/api/v1/email/{address}/messages/wait', { params: { path: address, query: { timeout: 5 } } });
      expect(waited.data?.timed_out).toBe(false);
      const events = await client.GET('/api/v1/email/{address}/events', { params: { path: address }, parseAs: 'text' });
      expect(events.response.status).toBe(200);
      expect(events.data).toContain('event: message');
      expect((await client.PATCH('/api/v1/email/{address}/messages/{id}', { params: { path: message }, body: { read: true } })).data?.read).toBe(true);
      const filtered = await client.GET('/api/v1/email/{address}/messages', { params: { path: address, query: { subject: 'confirm', unread: true } } });
      expect(filtered.data?.messages[0].read).toBe(false);
    });
  },
  proxy: (server) => {
    it('every domain operation, success and failure, conforms', async () => {
      const { t, proxy } = server();
      const client = createEphemailClient({ baseUrl: proxy.url, developerKey: t.developerKey });
      const domain = { domain: 'contract.example.com' };
      const added = await client.POST('/api/v1/domains', { body: domain });
      expect(added.response.status).toBe(201);
      expectConforms(added.response);

      const notYet = await client.POST('/api/v1/domains/{domain}/verify', { params: { path: domain } });
      expect(notYet.data?.verified).toBe(false);
      expectConforms(notYet.response);
      const [txt] = added.data!.records;
      dns.zone.txt.set(txt.name, [[txt.value]]);
      const verified = await client.POST('/api/v1/domains/{domain}/verify', { params: { path: domain } });
      expect(verified.data?.verified).toBe(true);
      expectConforms(verified.response);

      const calls = [
        await client.GET('/api/v1/domains'),
        await client.GET('/api/v1/domains/{domain}', { params: { path: domain } }),
        await client.PATCH('/api/v1/domains/{domain}', { params: { path: domain }, body: { catch_all: 'inbox' } }),
        await client.PATCH('/api/v1/domains/{domain}', { params: { path: domain }, body: { catch_all: null } }),
      ];
      for (const call of calls) {
        expect(call.response.status, `${call.response.url}: ${JSON.stringify(call.error)}`).toBe(200);
        expectConforms(call.response);
      }
      const created = await client.POST('/api/v1/email/create', { body: { domain: domain.domain, prefix: 'signup' } });
      expect(created.response.status).toBe(201);
      expectConforms(created.response);

      await client.POST('/api/v1/domains', { body: { domain: 'pending.example.com' } });
      const failures = [
        [await client.POST('/api/v1/domains', { body: domain }), 409],
        [await client.POST('/api/v1/domains', { body: { domain: 'ephemail.test' } }), 422],
        [await client.POST('/api/v1/domains', { body: { domain: 'not-a-domain' } }), 400],
        [await client.GET('/api/v1/domains/{domain}', { params: { path: { domain: 'nothing.example.com' } } }), 404],
        [await client.PATCH('/api/v1/domains/{domain}', { params: { path: { domain: 'pending.example.com' } }, body: { catch_all: 'inbox' } }), 422],
        [await client.POST('/api/v1/domains/{domain}/verify', { params: { path: { domain: 'nothing.example.com' } } }), 404],
        [await client.POST('/api/v1/email/create', { body: { domain: 'pending.example.com' } }), 422],
      ] as const;
      for (const [res, status] of failures) {
        expect(res.response.status, JSON.stringify(res.error)).toBe(status);
        expectConforms(res.response);
      }

      const del = await client.DELETE('/api/v1/domains/{domain}', { params: { path: domain } });
      expect(del.data?.message).toBe('Domain contract.example.com and its 2 addresses were deleted.');
      expectConforms(del.response);
      const gone = await client.DELETE('/api/v1/domains/{domain}', { params: { path: domain } });
      expect(gone.response.status).toBe(404);
      expectConforms(gone.response);
    });

    it('wait, events, filters and read state conform', async () => {
      const { t, proxy } = server();
      // Counts live subscriptions, so the test knows when a stream behind the proxy is listening.
      const bus = countSubscriptions(t.context.events);
      t.context.events = bus;
      const client = createEphemailClient({ baseUrl: proxy.url, developerKey: t.developerKey });
      const created = await client.POST('/api/v1/email/create', { body: { prefix: 'waiting' } });
      const address = { address: created.data!.email };
      const deliver = async (subject: string) => (await t.deliver({ from: 'Shop <shop@example.com>', to: address.address, subject, text: 'hi' })).id;

      const empty = await client.GET('/api/v1/email/{address}/messages/wait', { params: { path: address, query: { timeout: 0 } } });
      expect(empty.data).toEqual({ success: true, messages: [], count: 0, timed_out: true });
      expectConforms(empty.response);
      const id = await deliver('Confirm your email');
      const waited = await client.GET('/api/v1/email/{address}/messages/wait', { params: { path: address, query: { timeout: 5 } } });
      expect(waited.data?.messages.map((m) => m.id)).toEqual([id]);
      expectConforms(waited.response);

      const message = { ...address, id };
      const marked = await client.PATCH('/api/v1/email/{address}/messages/{id}', { params: { path: message }, body: { read: true } });
      expect(marked.data?.read).toBe(true);
      expectConforms(marked.response);
      const filtered = await client.GET('/api/v1/email/{address}/messages', {
        params: { path: address, query: { subject: 'CONFIRM', from: 'shop', since: '2000-01-01T00:00:00Z', unread: false } },
      });
      expect(filtered.data?.count).toBe(1);
      expectConforms(filtered.response);

      // The proxy hands the stream over once it ends, so end it: deliver one message, then delete the address.
      const before = bus.active;
      const streamed = client.GET('/api/v1/email/{address}/events', { params: { path: address, header: { 'Last-Event-ID': id } }, parseAs: 'text' });
      const deadline = Date.now() + 10_000;
      while (bus.active === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const second = await deliver('Second');
      await new Promise((r) => setTimeout(r, 100));
      await t.app.inject({ method: 'DELETE', url: `/api/v1/email/${address.address}`, headers: { authorization: `Bearer ${t.developerKey}` } });
      const events = await streamed;
      expect(events.response.status).toBe(200);
      expect(events.response.headers.get('content-type')).toContain('text/event-stream');
      // Resumed after the message named by Last-Event-ID (the form earlier versions sent as event ids).
      expect(streamedMessageIds(events.data!)).toEqual([second]);
      expect(events.data).toContain('event: address.deleted');
      expectConforms(events.response);

      const missing = [
        await client.GET('/api/v1/email/{address}/messages/wait', { params: { path: address, query: { timeout: 0 } } }),
        await client.GET('/api/v1/email/{address}/events', { params: { path: address }, parseAs: 'text' }),
        await client.PATCH('/api/v1/email/{address}/messages/{id}', { params: { path: message }, body: { read: false } }),
      ];
      for (const res of missing) {
        expect(res.response.status).toBe(404);
        expectConforms(res.response);
      }
    });
  },
});
