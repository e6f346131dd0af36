import { createHash, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, errors } from '../../platform/errors.js';
import type { Config } from '../../config.js';
import type { Caller, HttpContext } from '../spec/handler.js';
import type { MemberRole } from '../../db/teams.js';
import { atLeast, insufficientRole } from '../../identity/teams.js';
import { upgradeHint } from '../../identity/plans.js';
import type { AuthenticatedKey, KeyAuthenticator } from '../../identity/keys.js';
import type { ApiKeyRow } from '../../db/keys.js';
import { addressMatcher, holdsScope, insufficientScope } from '../../identity/key-rights.js';
import { authenticateSandbox, type SandboxScheme } from '../sandbox-credentials.js';
import type { Provider, ProviderProtocol } from '../../mail/providers/errors.js';
import { csrfTokenMatches, SESSION_COOKIE, type AuthenticatedSession, type SessionAuthenticator } from '../../identity/sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who called, as the security hook established it (null: nobody in particular); routes hand it to the
     * handler, typed by the operation. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** The operation's `security` from openapi.yaml. */
    security?: Array<Record<string, string[]>>;
    operationId?: string;
    /** The plan the operation needs (its `x-plan` in openapi.yaml). */
    plan?: 'developer';
    /** The least role in the workspace a dashboard operation needs (its `x-role`). */
    role?: MemberRole;
    /** `x-under-pressure: exempt`: answered even when the instance is overloaded. */
    underPressureExempt?: boolean;
    /** Whether the operation declares a request body (others ignore one they are sent). */
    takesBody?: boolean;
    /** `x-provider`: a provider API (SendGrid, Postmark, Resend, Mailgun, SES), answered in that provider's shapes. */
    provider?: Provider;
    /** `x-provider-protocol`: how that provider's API is spoken, where it has two (SES's v1 Query API). */
    providerProtocol?: ProviderProtocol;
    /** The body as text, kept for the handler or the security hook (SES's SigV4 signs the body's bytes). */
    keepRawBody?: boolean;
  }
  interface FastifyRequest {
    /** The body as received, when the route keeps it (`keepRawBody`). */
    rawBody?: string;
  }
}

export type KeyRequirement = 'tools' | 'developer' | 'session' | 'metrics' | 'sandbox' | 'none';

const TOOLS_SCHEMES = new Set(['ToolsKeyHeader', 'ToolsKeyQuery']);

/** Reads which key an operation needs from its security requirements in the spec (`sandboxSchemes`: the schemes
 * marked `x-sandbox-credential`, the provider APIs'). */
export function keyRequirement(security: Array<Record<string, string[]>> | undefined, sandboxSchemes: ReadonlySet<string> = new Set()): KeyRequirement {
  const schemes = (security ?? []).flatMap((req) => Object.keys(req));
  if (schemes.includes('SessionCookie')) return 'session';
  if (schemes.some((s) => sandboxSchemes.has(s))) return 'sandbox';
  if (schemes.some((s) => TOOLS_SCHEMES.has(s))) return 'tools';
  if (schemes.includes('DeveloperKey')) return 'developer';
  if (schemes.includes('MetricsToken')) return 'metrics';
  return 'none';
}

/**
 * Tools keys may come in the x-api-key header, the apikey query parameter or the apikey field of a JSON body.
 * Identical copies are fine; different keys in different places are refused (400 ambiguous_api_key) rather than
 * guessing which one the caller meant to be charged to.
 */
function toolsKeyFrom(request: FastifyRequest): string | undefined {
  const found: string[] = [];
  const header = request.headers['x-api-key'];
  for (const h of Array.isArray(header) ? header : header !== undefined ? [header] : []) found.push(h.trim());
  const query = (request.query as Record<string, unknown> | undefined)?.apikey;
  for (const q of Array.isArray(query) ? query : query !== undefined ? [query] : []) found.push(String(q).trim());
  const body = request.body;
  if (request.method === 'POST' && body && typeof body === 'object' && !Array.isArray(body)) {
    const b = (body as Record<string, unknown>).apikey;
    if (b !== undefined) found.push(String(b).trim());
  }
  const distinct = [...new Set(found)];
  if (distinct.length > 1) {
    throw new DomainError(
      'ambiguous_api_key',
      'Different API keys were sent in the x-api-key header, the apikey query parameter and/or the apikey body field; send one key.',
    );
  }
  return distinct[0] || undefined;
}

/** The Bearer token of the Authorization header; undefined without one, 401 for another form. */
function bearerFrom(request: FastifyRequest, what = 'developer key'): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) {
    throw new DomainError('missing_api_key', `The Authorization header must be "Bearer <${what}>".`);
  }
  return m[1];
}

/** getMetrics: the operator's METRICS_TOKEN as a Bearer token when one is configured; open otherwise. */
export function authenticateMetrics(request: FastifyRequest, token: string | null): void {
  if (token === null) return;
  const presented = bearerFrom(request, 'METRICS_TOKEN');
  if (!presented) throw new DomainError('missing_api_key', 'This endpoint needs the metrics token: send "Authorization: Bearer <METRICS_TOKEN>".');
  const given = createHash('sha256').update(presented).digest();
  if (!timingSafeEqual(given, createHash('sha256').update(token).digest())) throw new DomainError('invalid_api_key', 'The metrics token is not valid.');
}

/**
 * A key requirement: the key presented where the operation takes it, live, of the right kind and not expired; sets
 * `request.caller`. Synchronous (no promise) when the key is in the authenticator's cache, as most are.
 */
export function authenticate(request: FastifyRequest, need: KeyRequirement, keys: KeyAuthenticator): void | Promise<void> {
  if (need === 'none' || need === 'session' || need === 'metrics' || need === 'sandbox') return;
  const presented = need === 'tools' ? toolsKeyFrom(request) : bearerFrom(request);
  if (!presented) {
    throw new DomainError(
      'missing_api_key',
      need === 'tools'
        ? 'This endpoint needs a Tools API key: send it in the x-api-key header (or the apikey query parameter / body field).'
        : 'This endpoint needs a Developer API key: send "Authorization: Bearer <key>".',
    );
  }
  const auth = keys.authenticate(presented);
  if (auth instanceof Promise) return auth.then((found) => admitKey(request, need, found));
  admitKey(request, need, auth);
}

function admitKey(request: FastifyRequest, need: 'tools' | 'developer', auth: AuthenticatedKey | undefined): void {
  if (!auth) throw new DomainError('invalid_api_key', 'The API key is not valid: it is unknown, malformed or revoked.');
  if (auth.key.kind !== need) {
    throw new DomainError(
      'wrong_key_kind',
      need === 'tools'
        ? 'This endpoint needs a Tools API key (eph_tools_…); a Developer key was sent. Create a Tools key in the dashboard or with the admin CLI.'
        : 'This endpoint needs a Developer API key (eph_dev_…) as a Bearer token; a Tools key was sent.',
    );
  }
  if (auth.key.expires_at !== null && auth.key.expires_at <= new Date().toISOString()) {
    throw new DomainError('key_expired', `This key expired at ${auth.key.expires_at}; create a new one.`);
  }
  request.caller = { kind: 'key', account: auth.account, key: auth.key };
}

/** Whether an operation's security asks for the CSRF token alongside the session (every state-changing one). */
export function needsCsrfToken(security: Array<Record<string, string[]>> | undefined): boolean {
  return (security ?? []).some((req) => 'CsrfToken' in req);
}

/**
 * Dashboard operations: the `ephemail_session` cookie must name a live session and, where the spec asks for
 * `CsrfToken`, the `x-csrf-token` header must equal the token stored with that session (synchroniser-token
 * pattern: another site can make the browser send the cookie, but it cannot read the token). A session whose
 * expiry slid forward gets its cookie renewed.
 */
export async function authenticateSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionAuthenticator,
  options: { csrf: boolean; ttlSeconds: number },
): Promise<void> {
  // Cookies are read here, by the operations that use them, and nowhere else.
  const header = request.headers.cookie;
  const found = await sessions.authenticate(header ? parseCookie(header)[SESSION_COOKIE] : undefined);
  if (!found) {
    throw new DomainError(
      'session_required',
      'Log in first: this dashboard call needs a session (the ephemail_session cookie is missing, expired or logged out).',
    );
  }
  if (options.csrf) {
    const header = request.headers['x-csrf-token'];
    if (!csrfTokenMatches(found.session, typeof header === 'string' ? header : undefined)) {
      throw new DomainError(
        'csrf_failed',
        'This call changes something, so it needs the x-csrf-token header with the token from GET /api/dashboard/session.',
      );
    }
  }
  if (found.renewed) setSessionCookie(request, reply, found.token, options.ttlSeconds);
  request.caller = { kind: 'session', account: found.account, session: found };
}

/**
 * HttpOnly, SameSite=Lax, Path=/, Secure when the request came over TLS (as TRUST_PROXY lets Fastify see it). The
 * only cookie the API sets, so it is the reply's one Set-Cookie header, written by the operation that sets it (the
 * `cookie` package, as @fastify/cookie uses it, without that plugin's onSend hook on every route's answers).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.header('set-cookie', stringifySetCookie({ name: SESSION_COOKIE, value: token, ...sessionCookieAttributes(request), maxAge: maxAgeSeconds }));
}

/** The same cookie, empty and already expired. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', stringifySetCookie({ name: SESSION_COOKIE, value: '', ...sessionCookieAttributes(request), expires: new Date(0), maxAge: 0 }));
}

function sessionCookieAttributes(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' } as const;
}

/**
 * Sign-up and log-in have no session yet, so no CSRF token: they accept JSON only (which a form on another site
 * cannot send without a CORS preflight this server never grants), and a browser request that says it comes from
 * another site is refused, so no page elsewhere can log a visitor into an account of its choosing. Browsers say
 * so in `Sec-Fetch-Site`; older ones only in `Origin`, which is then compared with the Host the request reached.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  let foreign: boolean;
  if (typeof site === 'string') {
    foreign = site !== 'same-origin' && site !== 'none';
  } else if (origin !== undefined) {
    foreign = hostOf(origin) !== hostOf(`${request.protocol}://${request.host}`);
  } else {
    foreign = false;
  }
  if (foreign) {
    throw new DomainError('csrf_failed', `Sign-up and log-in are only accepted from this server's own dashboard (the request came from ${origin ?? 'another site'}).`);
  }
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The one place plans are enforced: an operation whose spec says `x-plan: developer` answers 403 plan_required to
 * an account on another plan, in the words of the channel it came through (the dashboard adds how to upgrade).
 */
export function requirePlan(request: FastifyRequest, config: Config): void {
  const plan = request.routeOptions.config.plan;
  const caller = request.caller;
  if (plan === undefined || caller === null || caller.kind === 'anonymous' || caller.kind === 'sandbox' || caller.account.plan === plan) return;
  const account = caller.account;
  if (caller.kind === 'session') throw errors.planRequired('Addresses', account, upgradeHint(config, account.email));
  throw errors.planRequired('The Developer API', account);
}

/**
 * A Developer key's scopes and restriction: the scope the operation declares (`DeveloperKey: [messages:read]`) must
 * be one the key holds (403 insufficient_scope, with RFC 6750's WWW-Authenticate from the error handler), and an
 * address named in the path must match the key's patterns — outside them it answers as a missing address does.
 */
function requireKeyRights(request: FastifyRequest, key: ApiKeyRow): void {
  for (const requirement of request.routeOptions.config.security ?? []) {
    for (const scope of requirement.DeveloperKey ?? []) {
      if (!holdsScope(key, scope)) throw insufficientScope(scope, `This key lacks the ${scope} scope this operation needs; create a key that holds it.`);
    }
  }
  const address = (request.params as { address?: unknown } | undefined)?.address;
  if (key.restrict !== null && typeof address === 'string' && !addressMatcher(key.restrict.addresses)(address)) {
    throw errors.addressNotFound(address.trim().toLowerCase());
  }
}

/**
 * Who may call, enforced in one hook from each operation's declared security (and `x-plan`): it sets
 * `request.caller`, which routes hand to the handler typed by the operation.
 */
export const securityPlugin = fp<{ context: HttpContext }>(
  async (app, { context: deps }) => {
    app.decorateRequest('caller', null);
    app.decorateRequest('rawBody', undefined);
    const declared = ((deps.spec.document.components as { securitySchemes?: Record<string, SandboxScheme> } | undefined)?.securitySchemes ?? {}) as Record<string, SandboxScheme>;
    const sandboxSchemes = new Map(Object.entries(declared).filter(([, s]) => s['x-sandbox-credential'] !== undefined));
    const sandboxSchemeNames = new Set(sandboxSchemes.keys());
    // Authentication runs before validation so that a request without a key hears 401, not a parameter complaint,
    // and before the per-route rate-limit hook, which counts by key.
    // Each route's requirement is read once (its config holds the same `security` array for its lifetime).
    const requirements = new WeakMap<object, KeyRequirement>();
    const requirementOf = (security: Array<Record<string, string[]>> | undefined): KeyRequirement => {
      if (security === undefined) return 'none';
      let need = requirements.get(security);
      if (need === undefined) requirements.set(security, (need = keyRequirement(security, sandboxSchemeNames)));
      return need;
    };
    // After the caller is known: who they are in the workspace first, then what the plan and the key allow.
    const admit = (request: FastifyRequest): void => {
      const role = request.routeOptions.config.role;
      if (role && request.caller?.kind === 'session' && !atLeast(request.caller.session.role, role)) {
        throw insufficientRole(role, request.caller.session.role);
      }
      requirePlan(request, deps.config);
      if (request.caller?.kind === 'key') requireKeyRights(request, request.caller.key);
    };
    // Sandbox credentials, a dashboard session or the metrics token (keys are the hook's own fast path below).
    const identify = async (request: FastifyRequest, reply: FastifyReply, need: 'sandbox' | 'session' | 'metrics', security: Array<Record<string, string[]>> | undefined): Promise<void> => {
      if (need === 'sandbox') {
        const name = (security ?? []).flatMap((req) => Object.keys(req)).find((s) => sandboxSchemes.has(s))!;
        const provider = request.routeOptions.config.provider;
        if (!provider) throw new Error(`operation ${request.routeOptions.config.operationId} uses ${name} without x-provider`);
        const sandbox = await authenticateSandbox(request, provider, sandboxSchemes.get(name)!, deps.database.db);
        request.caller = { kind: 'sandbox', sandbox };
        return;
      }
      if (need === 'session') {
        const options = { csrf: needsCsrfToken(security), ttlSeconds: deps.config.dashboard.sessionTtlSeconds };
        await authenticateSession(request, reply, deps.sessions, options);
      } else {
        authenticateMetrics(request, deps.config.metricsToken);
      }
      admit(request);
    };
    // A callback hook, not an async one: a keyed request whose key is cached is decided without a promise.
    app.addHook('preValidation', (request, reply, done) => {
      const security = request.routeOptions.config.security;
      const need = requirementOf(security);
      try {
        if (need === 'tools' || need === 'developer' || need === 'none') {
          const pending = authenticate(request, need, deps.keys);
          if (pending === undefined) {
            admit(request);
            return done();
          }
          pending.then(() => admit(request)).then(() => done(), done);
          return;
        }
      } catch (err) {
        return done(err as Error);
      }
      identify(request, reply, need, security).then(() => done(), done);
    });
  },
  { name: 'ephemail-security' },
);
