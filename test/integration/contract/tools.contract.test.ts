import { expect, it } from 'vitest';
import { createEphemailClient } from '../../../client/index.js';
import { describeContract, expectConforms } from '../../helpers/prism.js';
import type { DnsResolver } from '../../../src/platform/dns.js';

const resolver: DnsResolver = {
  async resolveMx(domain) {
    if (domain === 'example.com') return [{ exchange: 'mx.example.com', priority: 10 }];
    throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
  },
  async resolveAddress() {
    return false;
  },
  async resolveTxt() {
    return [];
  },
};

/**
 * The generated client against `prism mock` (integrators' view of the contract) and against the real server
 * behind `prism proxy --errors`, where any request or response that breaks openapi.yaml fails the call.
 */
describeContract('Tools API', {
  app: async () => ({ options: { context: { dns: resolver } } }),
  mock: (mock) => {
    it('answers every tools operation with the documented shapes', async () => {
      const client = createEphemailClient({ baseUrl: mock().url, toolsKey: 'eph_tools_mock' });
      const qr = await client.GET('/api/tools/qr-code', { params: { query: { text: 'hi' } } });
      expect(qr.response.status).toBe(200);
      expect((qr.data as { success: boolean }).success).toBe(true);
      const email = await client.POST('/api/tools/email-validator', { body: { email: 'a@example.com' } });
      expect(email.response.status).toBe(200);
      const age = await client.GET('/api/tools/age-calculator', { params: { query: { birthDate: '1990-05-15' } } });
      expect(age.data?.data.years).toBeTypeOf('number');
      const health = await client.GET('/health');
      expect(health.data?.status).toBe('ok');
    });

    it('rejects a call without a key, as the security schemes say', async () => {
      const client = createEphemailClient({ baseUrl: mock().url });
      const res = await client.GET('/api/tools/age-calculator', { params: { query: { birthDate: '1990-05-15' } } });
      expect(res.response.status).toBe(401);
    });
  },
  proxy: (server) => {
    it('every success answer conforms', async () => {
      const { t, proxy } = server();
      const client = createEphemailClient({ baseUrl: proxy.url, toolsKey: t.toolsKey });
      const calls = [
        await client.GET('/api/tools/qr-code', { params: { query: { type: 'url', url: 'https://example.com' } } }),
        await client.POST('/api/tools/qr-code', { body: { type: 'wifi', wifiSSID: 'Home', wifiPassword: 'x' } }),
        await client.GET('/api/tools/email-validator', { params: { query: { email: 'a@example.com' } } }),
        await client.POST('/api/tools/email-validator', { body: { action: 'extract', text: 'x a@example.com y' } }),
        await client.POST('/api/tools/email-validator', { body: { action: 'verify', email: 'a@example.com' } }),
        await client.GET('/api/tools/age-calculator', { params: { query: { birthDate: '1990-05-15' } } }),
        await client.POST('/api/tools/age-calculator', { body: { birthDate: '2000-02-29', referenceDate: '2001-02-28' } }),
        await client.GET('/health'),
      ];
      for (const call of calls) {
        expect(call.response.status, JSON.stringify(call.error)).toBe(200);
        expectConforms(call.response);
      }
      const png = await client.GET('/api/tools/qr-code', { params: { query: { text: 'x', format: 'png' } }, parseAs: 'arrayBuffer' });
      expect(png.response.headers.get('content-type')).toBe('image/png');
      expectConforms(png.response);
    });

    it('every error answer conforms', async () => {
      const { t, proxy } = server();
      const good = createEphemailClient({ baseUrl: proxy.url, toolsKey: t.toolsKey });
      const none = createEphemailClient({ baseUrl: proxy.url });
      const qrTooSmall = await good.GET('/api/tools/qr-code', { params: { query: { text: 'x'.repeat(500), size: 50 } } });
      expect(qrTooSmall.response.status).toBe(400);
      expect(qrTooSmall.error?.error).toBe('qr_size_too_small');
      expectConforms(qrTooSmall.response);

      const missing = await good.GET('/api/tools/email-validator', { params: { query: { action: 'extract' } } });
      expect(missing.response.status).toBe(400);
      expectConforms(missing.response);

      const beforeBirth = await good.POST('/api/tools/age-calculator', { body: { birthDate: '2000-01-02', referenceDate: '2000-01-01' } });
      expect(beforeBirth.response.status).toBe(400);
      expectConforms(beforeBirth.response);

      // Prism itself answers 401 for a request without any key (it checks the security schemes), so the server's
      // own 401 is exercised with a key Prism accepts but the server does not know.
      const unknown = createEphemailClient({ baseUrl: proxy.url, toolsKey: `eph_tools_${'x'.repeat(40)}` });
      const unauthorized = await unknown.GET('/api/tools/age-calculator', { params: { query: { birthDate: '1990-05-15' } } });
      expect(unauthorized.response.status).toBe(401);
      expect(unauthorized.error?.error).toBe('invalid_api_key');
      expectConforms(unauthorized.response);

      const wrongKind = createEphemailClient({ baseUrl: proxy.url, toolsKey: t.developerKey });
      const forbidden = await wrongKind.GET('/api/tools/age-calculator', { params: { query: { birthDate: '1990-05-15' } } });
      expect(forbidden.response.status).toBe(403);
      expectConforms(forbidden.response);

      const noKey = await none.GET('/api/tools/age-calculator', { params: { query: { birthDate: '1990-05-15' } } });
      expect(noKey.response.status).toBe(401);
    });
  },
});
