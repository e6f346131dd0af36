import nodemailer from 'nodemailer';
import { SignatureV4 } from '@smithy/signature-v4';
import { Hash } from '@smithy/hash-node';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './app.js';
import { PASSWORD, sessionCookieOf } from './dashboard.js';
import { afterAll, beforeAll } from 'vitest';
import { startTestDns, type TestDns } from './dns.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';
import type { LoadedSpec } from '../../src/http/spec/spec.js';
import { encodeText, refuseNameLookups } from './spec-fuzz.js';

/**
 * One account with a resource of every kind, made through the API as a user would: a dashboard session (sign-up,
 * developer plan), a Tools and a Developer key, an address holding a delivered message with an attachment, a
 * webhook pointing at a loopback receiver with one delivery, and a verified custom domain. The security suites
 * (test/security) call every operation with these — as the owner to reach deep code paths, as another account to
 * prove none of it leaks.
 */
export interface World {
  email: string;
  password: string;
  /** `ephemail_session=…`, for a Cookie header. */
  cookie: string;
  csrf: string;
  toolsKey: string;
  developerKey: string;
  /** Ids of the two keys (dashboard key_id). */
  toolsKeyId: string;
  developerKeyId: string;
  /** Keys of this account that were revoked. */
  revokedToolsKey: string;
  revokedDeveloperKey: string;
  address: string;
  messageId: string;
  subject: string;
  attachmentId: string;
  webhookId: string;
  deliveryId: string;
  domain: string;
  /** An address on the custom domain. */
  domainAddress: string;
  /** A member who joined by invitation (not the owner), and an invitation still open. */
  memberId: string;
  /** That member's dashboard session (`ephemail_session=…`) and its CSRF token. */
  memberCookie: string;
  memberCsrf: string;
  invitationId: string;
  /** The workspace (account) id. */
  accountId: string;
  /** The token of an invitation to another workspace, made out to this world's person: accepting it works once. */
  acceptToken: string;
  /** A sandbox with one captured message (sent over SMTP AUTH) that has an attachment, and its credentials. */
  sandboxId: string;
  sandboxMessageId: string;
  sandboxAttachmentId: string;
  sandboxPassword: string;
  sandboxApiKey: string;
}

async function call(app: FastifyInstance, method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  const res = await app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json() as Record<string, unknown> & { [k: string]: any };
}

/** Builds a World in `t`'s store. `receiverUrl` is a loopback webhook receiver; `dns` the test DNS the app's
 * DNS_SERVERS points at (the domain's TXT record is published there). */
export async function makeWorld(t: TestApp, receiverUrl: string, dns: TestDns, tag: string): Promise<World> {
  const { app } = t;
  const run = randomBytes(4).toString('hex');
  const email = `${tag}-${run}@example.com`;
  const signUp = await app.inject({ method: 'POST', url: '/api/dashboard/signup', payload: { email, password: PASSWORD } });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const cookie = sessionCookieOf(signUp);
  const csrf = signUp.json().csrf_token as string;
  const browser = { cookie, 'x-csrf-token': csrf };
  await call(app, 'PUT', '/api/dashboard/account/plan', browser, { plan: 'developer' });
  const invitation = await call(app, 'POST', '/api/dashboard/members/invitations', browser, { email: `invited-${tag}-${run}@example.com`, role: 'member' });
  const joining = await call(app, 'POST', '/api/dashboard/members/invitations', browser, { email: `member-${tag}-${run}@example.com`, role: 'member' });
  const joinedRes = await app.inject({ method: 'POST', url: '/api/dashboard/signup', payload: { email: `member-${tag}-${run}@example.com`, password: PASSWORD, invitation: joining.token } });
  if (joinedRes.statusCode !== 201) throw new Error(`member sign-up failed: ${joinedRes.statusCode} ${joinedRes.body}`);
  const joined = joinedRes.json();
  const host = await app.inject({ method: 'POST', url: '/api/dashboard/signup', payload: { email: `host-${tag}-${run}@example.com`, password: PASSWORD } });
  const hostBrowser = { cookie: sessionCookieOf(host), 'x-csrf-token': host.json().csrf_token as string };
  const foreign = await call(app, 'POST', '/api/dashboard/members/invitations', hostBrowser, { email, role: 'viewer' });
  const tools = await call(app, 'POST', '/api/dashboard/keys', browser, { kind: 'tools', name: `${tag} tools` });
  const dev = await call(app, 'POST', '/api/dashboard/keys', browser, { kind: 'developer', name: `${tag} developer` });
  const bearer = { authorization: `Bearer ${dev.key}` };
  const revoked: string[] = [];
  for (const kind of ['tools', 'developer']) {
    const made = await call(app, 'POST', '/api/dashboard/keys', browser, { kind, name: `${tag} revoked` });
    await call(app, 'DELETE', `/api/dashboard/keys/${made.api_key.id}`, browser);
    revoked.push(made.key as string);
  }

  const address = (await call(app, 'POST', '/api/v1/email/create', bearer, { prefix: `${tag}-${run}` })).email as string;
  const subject = `secret-subject-${tag}-${run}`;
  const delivered = await t.deliver({
    to: address,
    subject,
    text: `body of ${tag} ${run}: code 482913`,
    html: `<p>html of ${tag} <a href="https://example.com/confirm/${run}">confirm</a></p>`,
    attachments: [{ filename: `${tag}-${run}.txt`, content: `attachment of ${tag} ${run}` }],
  });
  const message = await call(app, 'GET', `/api/v1/email/${encodeURIComponent(address)}/messages/${delivered.id}`, bearer);
  const attachmentId = (message.attachments as Array<{ id: string }>)[0].id;

  const hook = await call(app, 'POST', '/api/v1/webhooks', bearer, { url: `${receiverUrl}/${tag}`, events: ['message.received'], address, description: `${tag} hook` });
  const delivery = await call(app, 'POST', `/api/v1/webhooks/${hook.id}/test`, bearer);

  const domain = `${tag}-${run}.example.com`;
  const added = await call(app, 'POST', '/api/v1/domains', bearer, { domain });
  const txt = (added.records as Array<{ type: string; name: string; value: string }>).find((r) => r.type === 'TXT')!;
  dns.zone.txt.set(txt.name, [[txt.value]]);
  const verified = await call(app, 'POST', `/api/v1/domains/${domain}/verify`, bearer);
  if (verified.verified !== true) throw new Error(`domain did not verify: ${JSON.stringify(verified)}`);
  const domainAddress = (await call(app, 'POST', '/api/v1/email/create', bearer, { prefix: `on-domain-${run}`, domain })).email as string;

  const sandbox = (await call(app, 'POST', '/api/v1/sandboxes', bearer, { name: `${tag} sandbox` })).sandbox;
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: await t.smtpPort(), secure: false, auth: { user: sandbox.smtp.username, pass: sandbox.smtp.password } });
  try {
    await transport.sendMail({
      from: `app-${tag}@shop.example`,
      to: `customer-${tag}-${run}@gmail.com`,
      subject: `sandbox-secret-${tag}-${run}`,
      text: `sandbox body of ${tag} ${run}`,
      attachments: [{ filename: `sandbox-${tag}.txt`, content: `sandbox attachment of ${tag} ${run}` }],
    });
  } finally {
    transport.close();
  }
  const captured = await call(app, 'GET', `/api/v1/sandboxes/${sandbox.id}/messages/wait?timeout=20`, bearer);
  if (captured.count !== 1) throw new Error(`sandbox message not captured: ${JSON.stringify(captured)}`);

  return {
    email,
    password: PASSWORD,
    cookie,
    csrf,
    toolsKey: tools.key as string,
    developerKey: dev.key as string,
    toolsKeyId: tools.api_key.id as string,
    developerKeyId: dev.api_key.id as string,
    revokedToolsKey: revoked[0],
    revokedDeveloperKey: revoked[1],
    address,
    messageId: delivered.id,
    subject,
    attachmentId,
    webhookId: hook.id as string,
    deliveryId: delivery.id as string,
    domain,
    domainAddress,
    memberId: joined.person.id as string,
    memberCookie: sessionCookieOf(joinedRes),
    memberCsrf: joined.csrf_token as string,
    invitationId: invitation.invitation.id as string,
    acceptToken: foreign.token as string,
    accountId: signUp.json().account.id as string,
    sandboxId: sandbox.id as string,
    sandboxMessageId: captured.messages[0].id as string,
    sandboxAttachmentId: captured.messages[0].attachments[0].id as string,
    sandboxPassword: sandbox.smtp.password as string,
    sandboxApiKey: sandbox.api_key as string,
  };
}

/** The value of a path parameter, by its name in the spec, for this world's resources (in `path`: a sandbox's
 * `{id}` is the sandbox's, an address's `{id}` its message's). */
export function pathValue(world: World, name: string, path = ''): string | undefined {
  if (/\/sandboxes\//.test(path)) {
    const sandbox: Record<string, string> = { id: world.sandboxId, messageId: world.sandboxMessageId, attachmentId: world.sandboxAttachmentId };
    if (name in sandbox) return sandbox[name];
  }
  const values: Record<string, string> = {
    address: world.address,
    id: world.messageId,
    attachment_id: world.attachmentId,
    webhook_id: world.webhookId,
    delivery_id: world.deliveryId,
    domain: world.domain,
    key_id: world.developerKeyId,
    member_id: world.memberId,
    invitation_id: world.invitationId,
  };
  return values[name];
}

/** The credential a security scheme of the spec takes, from a world. */
export function schemeCredential(scheme: string, world: World, metricsToken = ''): string {
  switch (scheme) {
    case 'ToolsKeyHeader':
    case 'ToolsKeyQuery':
      return world.toolsKey;
    case 'DeveloperKey':
      return world.developerKey;
    case 'MetricsToken':
      return metricsToken;
    case 'SessionCookie':
      return world.cookie.split('=')[1];
    case 'CsrfToken':
      return world.csrf;
    // The provider APIs take a sandbox's API key (Mailgun as Basic api:<key>, placed by placeCredentials).
    case 'SendGridBearer':
    case 'ResendBearer':
    case 'PostmarkServerToken':
    case 'MailgunBasic':
      return world.sandboxApiKey;
    // SES signs the whole request with the sandbox id and key: a marker that signSigV4 turns into a signature once
    // the request is complete.
    case 'SesSigV4':
      return sigV4Marker(world.sandboxId, world.sandboxApiKey);
    default:
      return 'unknown-scheme';
  }
}

type SecurityScheme = { type: string; in?: string; name?: string; scheme?: string };

const SIGV4_MARKER = 'sign-sigv4 ';
export const sigV4Marker = (accessKeyId: string, secret: string) => `${SIGV4_MARKER}${accessKeyId} ${secret}`;

/**
 * A request whose Authorization holds sigV4Marker(id, secret) signed as the AWS SDK signs it (@smithy/signature-v4,
 * service `ses`), for the host it is sent to (app.inject's `localhost:80` unless a host header is given). Any other
 * request is left as it is.
 */
export async function signSigV4(req: { method: string; url: string; headers: Record<string, string>; payload?: string }): Promise<void> {
  const marker = req.headers.authorization;
  if (!marker?.startsWith(SIGV4_MARKER)) return;
  const [accessKeyId, secretAccessKey] = marker.slice(SIGV4_MARKER.length).split(' ');
  delete req.headers.authorization;
  req.headers.host ??= 'localhost:80';
  const [path, query = ''] = req.url.split('?', 2);
  const signer = new SignatureV4({ credentials: { accessKeyId, secretAccessKey }, region: 'us-east-1', service: 'ses', sha256: Hash.bind(null, 'sha256'), applyChecksum: false });
  let decoded: string;
  try {
    decoded = path.split('/').map((p) => decodeURIComponent(p)).join('/');
  } catch {
    decoded = path;
  }
  const signed = await signer.sign({
    method: req.method,
    protocol: 'http:',
    hostname: req.headers.host.split(':')[0],
    path: decoded,
    query: Object.fromEntries(new URLSearchParams(query)),
    headers: { ...req.headers },
    body: req.payload,
  });
  Object.assign(req.headers, signed.headers);
}

export function securitySchemes(spec: LoadedSpec): Record<string, SecurityScheme> {
  return ((spec.document.components as Record<string, unknown>).securitySchemes ?? {}) as Record<string, SecurityScheme>;
}

/** Puts one security requirement's credentials where the spec's schemes say: a header, the query or a cookie. */
export function placeCredentials(
  spec: LoadedSpec,
  requirement: Record<string, string[]>,
  value: (scheme: string) => string,
  headers: Record<string, string>,
  query: string[],
): void {
  for (const name of Object.keys(requirement)) {
    const def = securitySchemes(spec)[name];
    if (!def) continue;
    const v = value(name);
    if (def.type === 'http' && def.scheme === 'basic') headers.authorization = `Basic ${Buffer.from(`api:${v}`).toString('base64')}`;
    else if (def.type === 'http') headers.authorization = `Bearer ${v}`;
    else if (def.in === 'header') headers[def.name!.toLowerCase()] = v;
    else if (def.in === 'query') query.push(`${encodeURIComponent(def.name!)}=${encodeText(v)}`);
    else if (def.in === 'cookie') headers.cookie = [headers.cookie, `${def.name}=${v}`].filter(Boolean).join('; ');
  }
}

/** The loopback surroundings of the security suites: a DNS server, a webhook receiver, and a guard that fails any
 * name look-up through Node's resolver (nothing may leave 127.0.0.0/8). */
export interface SecurityFixtures {
  dns: TestDns;
  receiver: Receiver;
  lookups: ReturnType<typeof refuseNameLookups>;
}

/** Starts the fixtures before the file's tests and stops them after; read the fields inside hooks and tests. */
export function useSecurityFixtures(): SecurityFixtures {
  const f = {} as SecurityFixtures;
  beforeAll(async () => {
    f.dns = await startTestDns();
    f.receiver = await startReceiver();
    f.lookups = refuseNameLookups();
  });
  afterAll(async () => {
    await f.receiver?.close();
    await f.dns?.close();
    f.lookups?.restore();
  });
  return f;
}
