import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../helpers/app.js';
import type { Dialect } from '../../../src/db/dialect.js';
import { PASSWORD } from '../../helpers/dashboard.js';
import { makeWorld, useSecurityFixtures, pathValue, placeCredentials, schemeCredential, securitySchemes, signSigV4, type World } from '../../helpers/security-world.js';
import {
  asHeader,
  asText,
  encodeText,
  HOSTILE,
  HUGE,
  responseChecker,
  Rng,
  schemaAccepts,
  validValue,
  type Answer,
  type ValueContext,
} from '../../helpers/spec-fuzz.js';
import type { SpecOperation } from '../../../src/http/spec/spec.js';

/**
 * Generated requests against every operation of openapi.yaml — iterated from the parsed spec, so an operation added
 * later is fuzzed without touching this file — each answer checked against what the spec declares for its status.
 *
 * FUZZ_REQUESTS sets how many in all, shared by the stores under test (1500 by default, which CI runs; the full run
 * is FUZZ_REQUESTS=10000) and FUZZ_SEED the seed (fixed by default, so a failure reproduces). Requests go through app.inject, except streams
 * (text/event-stream operations), which need a real socket on 127.0.0.1 to be cut off after their headers.
 */
const REQUESTS = Math.ceil(Number(process.env.FUZZ_REQUESTS ?? 1500) / DIALECTS.length);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** A fresh pair of worlds every ROUND requests: deletions, log-outs and plan changes only use up the current one. */
const ROUND = 250;
const PARALLEL = 6;
/** No request may take longer; long polls are asked for at most 1 s (see `named`). */
const ANSWER_WITHIN_MS = 20_000;

type Strategy = 'valid' | 'one' | 'chaos';
type AuthMode = 'valid' | 'none' | 'wrong' | 'garbage' | 'mixed' | 'other' | 'revoked';

interface Request {
  op: SpecOperation;
  strategy: Strategy;
  auth: AuthMode;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

let t: TestApp;
const fixtures = useSecurityFixtures();
let baseUrl: string;
const metricsToken = `metrics-${randomBytes(12).toString('hex')}`;

async function startApp(dialect: Dialect): Promise<void> {
  const unlimited = '1000000';
  t = await makeTestApp({
    dialect,
    env: {
      DNS_SERVERS: fixtures.dns.server,
      VERIFY_TIMEOUT_MS: '500',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      METRICS_TOKEN: metricsToken,
      RATE_LIMIT_TOOLS: unlimited,
      RATE_LIMIT_VERIFY: unlimited,
      RATE_LIMIT_DEVELOPER: unlimited,
      RATE_LIMIT_DASHBOARD: unlimited,
      RATE_LIMIT_LOGIN: unlimited,
      RATE_LIMIT_LOGIN_IP: unlimited,
      RATE_LIMIT_LOGIN_ACCOUNT: unlimited,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const credential = (scheme: string, world: World) => schemeCredential(scheme, world, metricsToken);
const applyRequirement = (req: Record<string, string[]>, value: (scheme: string) => string, headers: Record<string, string>, query: string[]) =>
  placeCredentials(t.spec, req, value, headers, query);
const schemes = () => securitySchemes(t.spec);

const allRequirements = (): Array<Record<string, string[]>> => Object.keys(schemes()).map((s) => (s === 'SessionCookie' ? { SessionCookie: [], CsrfToken: [] } : { [s]: [] }));

let counter = 0;
const unique = (tag: string) => `${tag}${(++counter).toString(36)}${randomBytes(2).toString('hex')}`;

function makeContext(rng: Rng, op: SpecOperation, world: World, accepts: ValueContext['accepts']): ValueContext {
  return {
    rng,
    accepts,
    named: (name) => {
      switch (name) {
        case 'address':
          return [world.address, world.domainAddress];
        case 'domain':
          return op.operationId === 'addDomain' ? [`${unique('fz')}.example.com`] : [world.domain, 'ephemail.test'];
        case 'email':
          return op.operationId === 'signUp' ? [`${unique('fz')}@example.com`] : [world.email];
        case 'password':
          return [PASSWORD];
        case 'apikey':
          return [world.toolsKey];
        case 'prefix':
          return [unique('fz')];
        case 'url':
          return [`${fixtures.receiver.url}/fuzz`];
        case 'timeout':
          // Long polls: at most 1 s, so a wait that nothing ends does not hold the run.
          return [0, 1];
        case 'birthDate':
          return ['1990-05-15'];
        case 'token':
          return [world.acceptToken];
        case 'account_id':
          return [world.accountId];
        default:
          return [];
      }
    },
  };
}

function hostile(rng: Rng): unknown {
  return rng.chance(0.02) ? HUGE : rng.pick(HOSTILE);
}

/** A path-parameter value other than the right one: hostile text, another account's resource, another kind's id. */
function wrongPathValue(rng: Rng, name: string, path: string, world: World, other: World): string {
  const right = pathValue(world, name, path) ?? 'x';
  return rng.pick([
    () => asText(hostile(rng)),
    () => pathValue(other, name, path) ?? 'x',
    () => pathValue(world, rng.pick(['address', 'id', 'attachment_id', 'webhook_id', 'delivery_id', 'domain', 'key_id']))!,
    () => pathValue(world, rng.pick(['id', 'messageId', 'attachmentId']), '/sandboxes/')!,
    () => right.toUpperCase(),
    () => `${right}.`,
    () => `${right}/../${right}`,
    () => `${right}\u0000`,
  ])();
}

function buildRequest(rng: Rng, op: SpecOperation, world: World, other: World, accepts: ValueContext['accepts'], only?: Strategy): Request {
  const strategy: Strategy = only ?? rng.pick(['valid', 'valid', 'valid', 'one', 'one', 'one', 'one', 'one', 'chaos', 'chaos']);
  const ctx = makeContext(rng, op, world, accepts);
  // Which part one-mutation requests get wrong.
  const parts = ['auth', 'path', 'query', 'header', 'body'];
  const target = strategy === 'one' ? rng.pick(parts) : undefined;
  const wrong = (part: string) => strategy === 'chaos' ? rng.chance(0.5) : part === target;

  const headers: Record<string, string> = {};
  const query: string[] = [];
  let path = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const value = wrong('path') ? wrongPathValue(rng, p.name, op.path, world, other) : (pathValue(world, p.name, op.path) ?? asText(validValue(p.schema, p.name, ctx)));
    // An empty segment would address another operation (`/api/v1/email/` is listAddresses), not this one.
    path = path.replace(`{${p.name}}`, encodeText(value === '' ? ' ' : value));
  }
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    const corrupt = wrong('query') && rng.chance(0.6);
    if (!corrupt && !p.required && p.name !== 'timeout' && rng.chance(0.5)) continue;
    if (corrupt && rng.chance(0.2)) continue; // left out (required ones too)
    const value = corrupt && p.name !== 'timeout' ? hostile(rng) : corrupt ? rng.pick(['-1', '61', 'abc', '1.5']) : validValue(p.schema, p.name, ctx);
    if (Array.isArray(value) && rng.chance(0.5)) {
      for (const v of value) query.push(`${encodeURIComponent(p.name)}=${encodeText(asText(v))}`);
    } else {
      query.push(`${encodeURIComponent(p.name)}=${encodeText(asText(value))}`);
    }
    if (corrupt && rng.chance(0.2)) query.push(`${encodeURIComponent(p.name)}=${encodeText(asText(validValue(p.schema, p.name, ctx)))}`);
  }
  if (wrong('query') && rng.chance(0.5)) query.push(rng.pick(['unknown=1', '__proto__%5Bpolluted%5D=1', 'constructor.prototype.polluted=1', '%ZZ=1', 'a=%E0%A4%A', `x=${encodeText('\ud800')}`]));
  for (const p of op.parameters.filter((x) => x.in === 'header')) {
    if (wrong('header')) headers[p.name.toLowerCase()] = asHeader(hostile(rng)).slice(0, 8000);
    else if (p.required || rng.chance(0.3)) headers[p.name.toLowerCase()] = asHeader(validValue(p.schema, p.name, ctx));
  }

  // Credentials.
  const auth: AuthMode = wrong('auth') ? rng.pick(['none', 'wrong', 'garbage', 'mixed', 'other', 'revoked']) : 'valid';
  const requirements = op.security.length > 0 ? op.security : [];
  const own = requirements.length > 0 ? rng.pick(requirements) : undefined;
  const mine = (scheme: string) => credential(scheme, world);
  switch (auth) {
    case 'valid':
      if (own) applyRequirement(own, mine, headers, query);
      break;
    case 'none':
      break;
    case 'wrong':
      applyRequirement(rng.pick(allRequirements()), mine, headers, query);
      break;
    case 'garbage':
      applyRequirement(own ?? rng.pick(allRequirements()), () => asHeader(hostile(rng)).slice(0, 8000) || 'x', headers, query);
      if (rng.chance(0.3)) headers.authorization = rng.pick(['Bearer', 'Bearer a b', 'Basic dXNlcjpwYXNz', 'bearer  ', `Bearer ${'A'.repeat(10000)}`, 'Token x']);
      break;
    case 'mixed':
      if (own) applyRequirement(own, mine, headers, query);
      applyRequirement(rng.pick(allRequirements()), (s) => credential(s, rng.chance(0.5) ? other : world), headers, query);
      break;
    case 'other':
      if (own) applyRequirement(own, (s) => credential(s, other), headers, query);
      break;
    case 'revoked':
      applyRequirement(own ?? rng.pick(allRequirements()), (s) => (s.startsWith('Tools') ? world.revokedToolsKey : s === 'DeveloperKey' ? world.revokedDeveloperKey : mine(s)), headers, query);
      break;
  }

  // Body.
  let payload: string | undefined;
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  if (bodySchema) {
    const corrupt = wrong('body');
    // A body whose schema names no properties (a JSON-RPC message to /mcp) is seldom a request the operation can
    // carry out when made up at random: half the time it is the spec's own example instead.
    const example = (op.requestBody?.content?.['application/json'] as { example?: unknown } | undefined)?.example;
    const loose = !('properties' in (bodySchema as object));
    // A provider API's body (SendGrid, Postmark, Resend, SES) has rules across fields that a random one seldom meets
    // (a body, a recipient, exactly one kind of content): mostly its example, mutated like any other.
    const provider = op.extensions['x-provider'] !== undefined;
    let body = (loose || provider) && example !== undefined && rng.chance(provider ? 0.7 : 0.5) ? structuredClone(example) : validValue(bodySchema, 'body', ctx);
    if (corrupt) {
      const kind = rng.int(0, 7);
      const obj = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
      const keys = Object.keys(obj);
      if (kind === 0 && keys.length > 0) delete obj[rng.pick(keys)];
      else if (kind === 1 && keys.length > 0) obj[rng.pick(keys)] = hostile(rng);
      else if (kind === 2) obj[rng.pick(['extra', '__proto__', 'constructor', 'apikey', 'success', 'id'])] = hostile(rng);
      else if (kind === 3) body = hostile(rng);
      else if (kind === 4) payload = rng.pick(['{', '{"a":', 'null', '[]', '"x"', '{"a":1,"a":2}', '\u0000', '{"a":"\\ud800"}', '[' .repeat(5000) + ']'.repeat(5000), ' ']);
      else if (kind === 5) headers['content-type'] = rng.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/xml', '']);
      else if (kind === 6 && keys.length > 0) obj[rng.pick(keys)] = HUGE;
      if (kind <= 2 || kind === 6) body = obj;
    }
    if (payload === undefined && !(corrupt && rng.chance(0.05))) payload = JSON.stringify(body);
  } else if (op.requestBody?.content?.['application/x-www-form-urlencoded']) {
    // A form body (Mailgun's): its example or made-up fields, urlencoded; wrong ones lose a field, carry hostile
    // values, or come as something else.
    const form = op.requestBody.content['application/x-www-form-urlencoded'] as { schema?: Record<string, unknown>; example?: Record<string, unknown> };
    const fields = (form.example && rng.chance(0.7) ? structuredClone(form.example) : validValue(form.schema, 'body', ctx)) as Record<string, unknown>;
    if (wrong('body')) {
      const keys = Object.keys(fields);
      const kind = rng.int(0, 3);
      if (kind === 0 && keys.length > 0) delete fields[rng.pick(keys)];
      else if (kind === 1 && keys.length > 0) fields[rng.pick(keys)] = hostile(rng);
      else if (kind === 2) headers['content-type'] = rng.pick(['text/plain', 'application/json', 'multipart/form-data; boundary=x', 'application/xml']);
      else payload = rng.pick(['%', '&&&', '=', 'a=%E0%A4%A', '\u0000']);
    }
    payload ??= new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, asText(v)])).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (wrong('body') || rng.chance(0.05)) {
    payload = rng.pick(['{"unexpected":true}', 'garbage', '']);
    headers['content-type'] ??= rng.pick(['application/json', 'text/plain', 'application/octet-stream']);
  }
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  if (headers['content-type'] === '') delete headers['content-type'];

  return { op, strategy, auth, method: op.method, url: query.length > 0 ? `${path}?${query.join('&')}` : path, headers, ...(payload !== undefined ? { payload } : {}) };
}

const streams = (op: SpecOperation) => Object.values(op.responses).some((r) => r.content && 'text/event-stream' in r.content);

/** Sends a request; answers null when the client side itself cannot send it (e.g. a header Node refuses). */
async function send(req: Request): Promise<Answer | null> {
  await signSigV4(req);
  if (streams(req.op)) {
    const controller = new AbortController();
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${req.url}`, { method: req.method, headers: req.headers, body: req.payload, signal: controller.signal });
    } catch (err) {
      if (err instanceof TypeError && !/fetch failed/.test(err.message)) return null;
      throw err;
    }
    const headers = Object.fromEntries(res.headers.entries());
    const body = (headers['content-type'] ?? '').startsWith('text/event-stream') ? '' : await res.text();
    controller.abort();
    return { status: res.status, headers, body };
  }
  try {
    const res = await t.app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
    return { status: res.statusCode, headers: res.headers, body: res.body };
  } catch (err) {
    if (err instanceof TypeError && /header|character/i.test(err.message)) return null;
    throw err;
  }
}

/** Operations that end or degrade the round's world run last in it, so the rest of the round reaches deep paths. */
const destructive = (op: SpecOperation) => {
  const depth = op.parameters.filter((p) => p.in === 'path').length;
  if (/^rotate/.test(op.operationId)) return 1;
  // A message before its address, an address before a domain.
  if (op.method === 'DELETE') return 3 - depth / 10;
  if (/^(revoke|changePlan)/.test(op.operationId)) return 4;
  return /^logOut/.test(op.operationId) ? 5 : 0;
};

describe.each(DIALECTS)('fuzz on %s: generated requests against every operation of openapi.yaml', (dialect) => {
  beforeAll(() => startApp(dialect));
  afterAll(() => t?.close());

  it(`answers ${REQUESTS} requests (seed ${SEED}) with a declared status and an on-schema body, never a 5xx`, async () => {
    const rng = new Rng(SEED);
    const accepts = schemaAccepts();
    const check = responseChecker(t.spec);
    const operations = t.spec.operations;
    const failures: string[] = [];
    const byOperation = new Map<string, Map<number, number>>(operations.map((o) => [o.operationId, new Map()]));
    let unsendable = 0;
    let sent = 0;

    async function sendAndCheck(req: Request): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const answer = await Promise.race([
        send(req),
        new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), ANSWER_WITHIN_MS))),
      ]).finally(() => clearTimeout(timer));
      const what = `${req.op.operationId} [${req.strategy}/${req.auth}] ${req.method} ${req.url.slice(0, 200)}`;
      if (answer === null) {
        unsendable++;
        return;
      }
      sent++;
      if (answer === 'late') {
        failures.push(`${what}: no answer within ${ANSWER_WITHIN_MS} ms`);
        return;
      }
      const counts = byOperation.get(req.op.operationId)!;
      counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) failures.push(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
      const problem = check(req.op, answer);
      if (problem) failures.push(`${what}: ${problem}`);
    }

    for (let round = 0; sent + unsendable < REQUESTS; round++) {
      const [world, other] = [await makeWorld(t, fixtures.receiver.url, fixtures.dns, `w${round}a`), await makeWorld(t, fixtures.receiver.url, fixtures.dns, `w${round}b`)];
      const n = Math.min(ROUND, REQUESTS - sent - unsendable);
      // Every operation in turn (so each gets its share), then shuffled, destructive ones last.
      const requests = Array.from({ length: n }, (_, i) => buildRequest(rng, operations[(round * ROUND + i) % operations.length], world, other, accepts));
      rng.shuffle(requests).sort((a, b) => destructive(a.op) - destructive(b.op));
      let next = 0;
      const worker = async () => {
        while (next < requests.length) await sendAndCheck(requests[next++]);
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
    }
    const succeeded = (id: string) => [...byOperation.get(id)!.keys()].some((s) => s >= 200 && s < 300);
    // An operation the random rounds never got through (two deletes of one resource raced, say) gets valid
    // requests of its own on fresh worlds, so "every operation succeeds somewhere" does not hang on the order. One pair
    // of worlds an attempt serves all of them, one operation after another, destructive ones last; each gets a few
    // valid requests, since one made up at random may still miss a rule across its fields (validateEmail's action
    // without the field it needs).
    for (let attempt = 0; attempt < 3; attempt++) {
      const left = operations.filter((o) => !succeeded(o.operationId)).sort((a, b) => destructive(a) - destructive(b));
      if (left.length === 0) break;
      const [world, other] = [await makeWorld(t, fixtures.receiver.url, fixtures.dns, `c${attempt}a`), await makeWorld(t, fixtures.receiver.url, fixtures.dns, `c${attempt}b`)];
      for (const op of left) {
        for (let tries = 0; tries < 4 && !succeeded(op.operationId); tries++) await sendAndCheck(buildRequest(rng, op, world, other, accepts, 'valid'));
      }
    }

    const statuses = new Map<number, number>();
    for (const counts of byOperation.values()) for (const [s, c] of counts) statuses.set(s, (statuses.get(s) ?? 0) + c);
    console.info(
      `[fuzz ${dialect}] seed ${SEED}: ${sent} requests over ${operations.length} operations (${unsendable} not sendable by the client), ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}, ${failures.length} failures`,
    );
    expect(failures.slice(0, 25)).toEqual([]);
    // Deep paths were reached: every operation answered a 2xx to some request.
    const neverSucceeded = [...byOperation].filter(([, counts]) => ![...counts.keys()].some((s) => s >= 200 && s < 300)).map(([id]) => id);
    expect(neverSucceeded).toEqual([]);
    // And no request reached for a name beyond the loopback test DNS.
    expect(fixtures.lookups.asked).toEqual([]);
  }, Math.max(120_000, REQUESTS * 80));
});
