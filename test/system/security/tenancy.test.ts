import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../helpers/app.js';
import { makeWorld, useSecurityFixtures, pathValue, placeCredentials, schemeCredential, sigV4Marker, signSigV4, type World } from '../../helpers/security-world.js';
import { asText, encodeText, responseChecker, Rng, schemaAccepts, validValue } from '../../helpers/spec-fuzz.js';
import type { SpecOperation } from '../../../src/http/spec/spec.js';

/**
 * The tenancy matrix: every operation a Developer key or a dashboard session may call — read from openapi.yaml, so
 * operations added later are in it — called by account B with account A's resources in its path (addresses,
 * messages, attachments, raw sources, webhooks, deliveries, domains, keys) and in its body. None may succeed: a
 * path naming A's resource answers 404 as declared, a body naming one a declared refusal, and no answer carries
 * anything of A's. Afterwards all of A's resources are still there and A's credentials still work.
 */
const fixtures = useSecurityFixtures();

const TENANT_SCHEMES = new Set(['DeveloperKey', 'SessionCookie']);
/** An account-wide event stream (streamDashboardEvents) never ends and names nothing: it is B's own stream, and that
 * it carries nothing of A's is tested where it is read (test/api/dashboard/inbox.test.ts). */
const ownEndlessStream = (op: SpecOperation) =>
  op.parameters.every((p) => p.in !== 'path') && 'text/event-stream' in (op.responses['200']?.content ?? {});
const tenantOperation = (op: SpecOperation) =>
  op.security.some((req) => Object.keys(req).some((s) => TENANT_SCHEMES.has(s))) && !ownEndlessStream(op);
/** B's own log-out and plan change run last, so they do not take B's credentials away from the rest. */
const lastRank = (op: SpecOperation) => (op.operationId === 'logOut' ? 2 : op.operationId === 'changePlan' ? 1 : 0);

/** What of A's must never appear in an answer to B (unless B itself sent it in the request). */
function secretsOf(a: World): string[] {
  return [
    a.email,
    a.address,
    a.domainAddress,
    a.messageId,
    a.subject,
    a.attachmentId,
    a.webhookId,
    a.deliveryId,
    a.domain,
    a.toolsKeyId,
    a.developerKeyId,
    a.toolsKey.slice(0, 18),
    a.developerKey.slice(0, 16),
    // The text body and the attachment's content, as makeWorld wrote them.
    `body of a ${a.subject.split('-').pop()}`,
    `attachment of a ${a.subject.split('-').pop()}`,
    a.sandboxId,
    a.sandboxMessageId,
    a.sandboxAttachmentId,
    `sandbox body of a ${a.subject.split('-').pop()}`,
  ];
}

describe.each(DIALECTS)('tenancy matrix on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { DNS_SERVERS: fixtures.dns.server, VERIFY_TIMEOUT_MS: '500', WEBHOOK_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(() => t?.close());

  it("lets account B reach none of account A's resources through any Developer or dashboard operation", async () => {
    const a = await makeWorld(t, fixtures.receiver.url, fixtures.dns, 'a');
    const b = await makeWorld(t, fixtures.receiver.url, fixtures.dns, 'b');
    const check = responseChecker(t.spec);
    const accepts = schemaAccepts();
    const rng = new Rng(7);
    const operations = t.spec.operations.filter(tenantOperation).sort((x, y) => lastRank(x) - lastRank(y));
    expect(operations.length).toBeGreaterThan(30);
    const secrets = secretsOf(a);
    const failures: string[] = [];
    let calls = 0;
    // A member of B (joined by invitation) through the dashboard's operations; then B's owner through every operation
    // (last, as its log-out and plan change end with it).
    const memberOfB: World = { ...b, cookie: b.memberCookie, csrf: b.memberCsrf };
    const passes: Array<[string, World]> = [
      ['member', memberOfB],
      ['owner', b],
    ];

    for (const [who, caller] of passes) {
      for (const op of operations) {
        if (who === 'member' && !op.security.some((req) => 'SessionCookie' in req)) continue;
        await probe(who, caller, op);
      }
    }
    async function probe(who: string, caller: World, op: SpecOperation): Promise<void> {
      const pathParams = op.parameters.filter((p) => p.in === 'path');
      // All of A's resources; and, where the path has several, B's own first resource with A's after it
      // (B's address with A's message id, B's webhook with A's delivery id).
      const variants: Array<(name: string, i: number) => string> = [(name) => pathValue(a, name, op.path)!];
      if (pathParams.length > 1) variants.push((name, i) => (i === 0 ? pathValue(b, name, op.path)! : pathValue(a, name, op.path)!));
      for (const value of variants) {
        let path = op.path;
        pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, encodeText(value(p.name, i)))));
        const ctx = {
          rng,
          accepts,
          named: (name: string): unknown[] =>
            ({ address: [a.address], domain: [a.domain], url: [`${fixtures.receiver.url}/b`], timeout: [0], prefix: [`b-own-${calls}`] })[name] ?? [],
        };
        const query: string[] = [];
        for (const p of op.parameters.filter((x) => x.in === 'query' && (x.required || x.name === 'timeout'))) {
          query.push(`${encodeURIComponent(p.name)}=${encodeText(asText(validValue(p.schema, p.name, ctx)))}`);
        }
        const headers: Record<string, string> = {};
        const requirement = op.security.find((req) => Object.keys(req).some((s) => TENANT_SCHEMES.has(s)))!;
        placeCredentials(t.spec, requirement, (s) => schemeCredential(s, caller), headers, query);
        // A body names A's resources wherever its schema has a field for one (e.g. createWebhook's address).
        let payload: string | undefined;
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        if (bodySchema) {
          const body = validValue(bodySchema, 'body', ctx) as Record<string, unknown>;
          for (const name of Object.keys((bodySchema.properties ?? {}) as object)) {
            const candidates = ctx.named(name).filter((v) => accepts((bodySchema.properties as Record<string, object>)[name], v));
            if (candidates.length > 0 && (name === 'address' || name === 'domain')) body[name] = candidates[0];
          }
          payload = JSON.stringify(body);
          headers['content-type'] = 'application/json';
        }
        const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
        const names = (payload ?? '') + decodeURIComponent(url);
        const namesA = pathParams.length > 0 || secrets.some((s) => names.includes(s));
        calls++;
        let timer: NodeJS.Timeout | undefined;
        const res = await Promise.race([
          t.app.inject({ method: op.method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) }),
          new Promise<null>((r) => (timer = setTimeout(() => r(null), 10_000))),
        ]).finally(() => clearTimeout(timer));
        const what = `${who} of B: ${op.operationId} ${op.method} ${url}${payload ? ` ${payload}` : ''}`;
        if (res === null) {
          failures.push(`${what}: no answer within 10 s`);
          continue;
        }
        const problem = check(op, { status: res.statusCode, headers: res.headers, body: res.body });
        if (problem) failures.push(`${what}: ${problem}`);
        // A member may hear 403 insufficient_role first (an admin's operation): that too shows nothing of A's.
        const roleRefusal = who === 'member' && res.statusCode === 403 && res.body.includes('insufficient_role');
        if (pathParams.length > 0 && res.statusCode !== 404 && !roleRefusal) failures.push(`${what}: answered ${res.statusCode}, not 404: ${res.body.slice(0, 200)}`);
        if (namesA && res.statusCode < 300) failures.push(`${what}: succeeded (${res.statusCode}): ${res.body.slice(0, 200)}`);
        const leaked = secrets.filter((s) => !names.includes(s) && res.body.includes(s));
        if (leaked.length > 0) failures.push(`${what}: answered A's ${leaked.join(', ')}`);
      }
    }
    expect(fixtures.lookups.asked).toEqual([]);
    console.info(`[tenancy ${dialect}] ${calls} calls by B's owner and member over ${operations.length} operations, ${failures.length} failures`);
    expect(failures).toEqual([]);

    // Nothing of A's was changed or removed by B's attempts, and A's credentials still work.
    const dev = { authorization: `Bearer ${a.developerKey}` };
    const enc = encodeURIComponent;
    const stillThere = [
      `/api/v1/email/${enc(a.address)}`,
      `/api/v1/email/${enc(a.domainAddress)}`,
      `/api/v1/email/${enc(a.address)}/messages/${a.messageId}`,
      `/api/v1/email/${enc(a.address)}/messages/${a.messageId}/raw`,
      `/api/v1/email/${enc(a.address)}/messages/${a.messageId}/attachments/${a.attachmentId}`,
      `/api/v1/webhooks/${a.webhookId}`,
      `/api/v1/domains/${a.domain}`,
    ];
    for (const url of stillThere) expect([url, (await t.app.inject({ url, headers: dev })).statusCode]).toEqual([url, 200]);
    const hook = await t.app.inject({ url: `/api/v1/webhooks/${a.webhookId}`, headers: dev });
    expect(hook.json()).toMatchObject({ url: `${fixtures.receiver.url}/a`, address: a.address, description: 'a hook', enabled: true });
    const deliveries = await t.app.inject({ url: `/api/v1/webhooks/${a.webhookId}/deliveries`, headers: dev });
    expect(deliveries.json().deliveries.map((d: { id: string }) => d.id)).toContain(a.deliveryId);
    const domain = await t.app.inject({ url: `/api/v1/domains/${a.domain}`, headers: dev });
    expect(domain.json()).toMatchObject({ verified: true, catch_all: null });
    const message = await t.app.inject({ url: `/api/v1/email/${enc(a.address)}/messages/${a.messageId}`, headers: dev });
    expect(message.json()).toMatchObject({ subject: a.subject, read: false });
    const session = await t.app.inject({ url: '/api/dashboard/session', headers: { cookie: a.cookie } });
    expect(session.json().account).toMatchObject({ email: a.email, plan: 'developer' });
    const keys = await t.app.inject({ url: '/api/dashboard/keys', headers: { cookie: a.cookie } });
    const live = keys.json().keys.filter((k: { revoked_at: string | null }) => k.revoked_at === null).map((k: { id: string }) => k.id);
    expect(live.sort()).toEqual([a.toolsKeyId, a.developerKeyId].sort());
    const tools = await t.app.inject({ url: '/api/tools/age-calculator?birthDate=1990-05-15', headers: { 'x-api-key': a.toolsKey } });
    expect(tools.statusCode).toBe(200);
  }, 60_000);

  it("lets a sandbox's provider key write into its own sandbox only, through every provider API", async () => {
    const a = await makeWorld(t, fixtures.receiver.url, fixtures.dns, 'pa');
    const b = await makeWorld(t, fixtures.receiver.url, fixtures.dns, 'pb');
    const operations = t.spec.operations.filter((op) => op.extensions['x-provider'] !== undefined);
    expect(operations.length).toBeGreaterThanOrEqual(7);
    const countOf = async (w: World) => {
      await t.drained();
      const res = await t.app.inject({ url: `/api/v1/sandboxes/${w.sandboxId}/messages`, headers: { authorization: `Bearer ${w.developerKey}` } });
      return res.json().count as number;
    };
    const [aBefore, bBefore] = [await countOf(a), await countOf(b)];
    const secrets = secretsOf(a);
    const failures: string[] = [];
    let captured = 0;
    const send = async (op: SpecOperation, credential: (scheme: string) => string) => {
      const url = op.path.replace('{domain}', 'mg.example');
      const headers: Record<string, string> = {};
      placeCredentials(t.spec, op.security[0], credential, headers, []);
      const content = op.requestBody!.content;
      const json = content['application/json'] as { example?: unknown } | undefined;
      const form = content['application/x-www-form-urlencoded'] as { example?: Record<string, string> } | undefined;
      const payload = json ? JSON.stringify(json.example) : new URLSearchParams(form!.example).toString();
      headers['content-type'] = json ? 'application/json' : 'application/x-www-form-urlencoded';
      const req = { method: op.method, url, headers, payload };
      await signSigV4(req);
      return t.app.inject({ method: op.method as 'POST', url, headers: req.headers, payload });
    };
    for (const op of operations) {
      // B's own key: B's sandbox takes the mail, and the answer names nothing of A's.
      const own = await send(op, (s) => schemeCredential(s, b));
      if (own.statusCode >= 300) failures.push(`${op.operationId} with B's key: ${own.statusCode} ${own.body.slice(0, 200)}`);
      const leaked = secrets.filter((x) => own.body.includes(x));
      if (leaked.length > 0) failures.push(`${op.operationId}: answered A's ${leaked.join(', ')}`);
      const example = (op.requestBody!.content['application/json'] as { example?: unknown } | undefined)?.example;
      captured += Array.isArray(example) ? example.length : 1;
      // A's sandbox id signed with B's key (SES): refused.
      if (op.security.some((req) => 'SesSigV4' in req)) {
        const crossed = await send(op, () => sigV4Marker(a.sandboxId, b.sandboxApiKey));
        if (crossed.statusCode !== 403) failures.push(`${op.operationId} with A's id and B's key: ${crossed.statusCode} ${crossed.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await countOf(a)).toBe(aBefore);
    expect(await countOf(b)).toBe(bBefore + captured);
  }, 60_000);
});
