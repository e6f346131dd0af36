import type { FastifyInstance, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { isProvider, isProviderProtocol } from '../../mail/providers/errors.js';
import type { Caller, HandlerMap, HttpContext } from './handler.js';
import type { MemberRole } from '../../db/teams.js';
import { loginAttemptLimiter } from '../plugins/login-limit.js';
import { routeSchema, type SpecOperation } from './spec.js';
import { invalid } from '../../platform/errors.js';

/**
 * Registers one route per operation in openapi.yaml, bound by operationId to its handler. An operation without a
 * handler, or a handler without an operation, stops the server at start-up: no route exists outside the spec.
 */
function registerSpecRoutes(app: FastifyInstance, deps: HttpContext, handlers: HandlerMap): void {
  const operations = deps.spec.operations;
  const ids = new Set(operations.map((o) => o.operationId));
  const missing = operations.filter((o) => !(o.operationId in handlers)).map((o) => o.operationId);
  const orphans = Object.keys(handlers).filter((id) => !ids.has(id));
  if (missing.length > 0 || orphans.length > 0) {
    throw new Error(
      `openapi.yaml and src/handlers disagree: operations without a handler [${missing.join(', ')}], handlers without an operation [${orphans.join(', ')}]`,
    );
  }

  // U+0000 is refused in every parameter and body field, on both stores alike: PostgreSQL cannot hold it in text
  // (a look-up or insert carrying one failed with a 500), and no name, id or note needs it.
  // Synchronous (nothing is awaited), with each route's declared query parameters listed once.
  const declaredQueries = new WeakMap<object, string[]>();
  app.addHook('preHandler', (request, _reply, done) => {
    const querySchema = request.routeOptions.schema?.querystring as { properties?: object } | undefined;
    let declaredQuery = querySchema ? declaredQueries.get(querySchema) : [];
    if (declaredQuery === undefined) declaredQueries.set(querySchema!, (declaredQuery = Object.keys(querySchema!.properties ?? {})));
    const query = request.query as Record<string, unknown> | undefined;
    let where = nulAt(request.params, 'path parameter');
    for (let i = 0; where === undefined && i < declaredQuery.length; i++) {
      where = nulAt(query?.[declaredQuery[i]], 'query parameter', declaredQuery[i]);
    }
    where ??= nulAt(request.body, 'body field');
    done(where ? invalid(`${where} must not contain the NUL character (U+0000)`) : undefined);
  });
  const schemes = ((deps.spec.document.components as { securitySchemes?: Record<string, Record<string, unknown>> } | undefined)?.securitySchemes ?? {});
  const sigV4Schemes = new Set(Object.entries(schemes).filter(([, s]) => s['x-sandbox-credential'] === 'sigv4').map(([name]) => name));
  // Sign-up and log-in: attempts per email and per client IP (two limits, so one cannot be dodged by the other).
  const loginLimit = loginAttemptLimiter(app, deps.config);

  for (const op of operations) {
    const handler = handlers[op.operationId as keyof HandlerMap] as unknown as (
      req: FastifyRequest,
      reply: Parameters<RouteHandlerMethod>[1],
      deps: HttpContext,
      caller: Caller,
    ) => Promise<unknown>;
    const bodyLimit = op.extensions['x-body-limit'];
    const rateLimit = rateLimitFor(op, deps);
    const optionalBody = op.requestBody !== undefined && op.requestBody.required !== true;
    const loginLimited = op.extensions['x-rate-limit'] === 'login';
    const provider = op.extensions['x-provider'];
    if (provider !== undefined && !isProvider(provider)) throw new Error(`openapi.yaml: ${op.operationId} has an unknown x-provider ${String(provider)}`);
    const protocol = op.extensions['x-provider-protocol'];
    if (protocol !== undefined && !isProviderProtocol(protocol)) throw new Error(`openapi.yaml: ${op.operationId} has an unknown x-provider-protocol ${String(protocol)}`);
    const route: RouteOptions = {
      method: op.method as 'GET',
      url: op.url,
      schema: routeSchema(op),
      ...(typeof bodyLimit === 'number' ? { bodyLimit } : {}),
      // An optional body that was left out validates (and reaches the handler) as an empty object; sign-up and
      // log-in count attempts before anything else is looked at.
      preValidation: [...(optionalBody ? [emptyBodyAsObject] : []), ...(loginLimited ? [loginLimit] : [])],
      config: {
        operationId: op.operationId,
        security: op.security,
        ...(op.extensions['x-plan'] === 'developer' ? { plan: 'developer' as const } : {}),
        ...(typeof op.extensions['x-role'] === 'string' ? { role: op.extensions['x-role'] as MemberRole } : {}),
        ...(op.extensions['x-under-pressure'] === 'exempt' ? { underPressureExempt: true } : {}),
        takesBody: op.requestBody !== undefined,
        ...(provider ? { provider } : {}),
        ...(protocol ? { providerProtocol: protocol } : {}),
        // SES signs the body's bytes: its SigV4 check recomputes the signature from them.
        ...(op.security.some((req) => Object.keys(req).some((s) => sigV4Schemes.has(s))) ? { keepRawBody: true } : {}),
        ...(rateLimit ? { rateLimit } : {}),
      },
      handler: async (request, reply) => {
        const result = await handler(request, reply, deps, request.caller ?? ANONYMOUS);
        return result === reply ? reply : result;
      },
    };
    const media = Object.keys(op.requestBody?.content ?? {});
    if (protocol === 'aws-query') {
      // SES's Query API: a form of flat fields (`Destination.ToAddresses.member.1`), its bytes kept for the SigV4
      // check, which signs them as sent. Any other media type (JSON included) is a 415.
      app.register(async (query) => {
        query.removeAllContentTypeParsers();
        query.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
          if (request.routeOptions.config.keepRawBody) request.rawBody = body as string;
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        });
        query.addContentTypeParser('*', { parseAs: 'buffer' }, (request, _body, done) => {
          done(Object.assign(new Error(`Unsupported media type ${request.headers['content-type'] ?? ''}: send application/x-www-form-urlencoded.`), { statusCode: 415 }));
        });
        query.route(route);
      });
    } else if (media.some((m) => FORM_MEDIA.has(m))) {
      // Form bodies (Mailgun's API) are parsed for these routes only, in a context of their own: everywhere else a
      // form is a 415, as the app's parsers say (src/http/app.ts).
      app.register(async (forms) => {
        await forms.register(formbody, { bodyLimit: deps.config.bodyLimit });
        await forms.register(multipart, {
          limits: { fileSize: deps.config.bodyLimit, fieldSize: deps.config.bodyLimit, files: 100, fields: 1000, parts: 1100, headerPairs: 200 },
        });
        forms.route(route);
      });
    } else {
      app.route(route);
    }
  }
}

const FORM_MEDIA = new Set(['multipart/form-data', 'application/x-www-form-urlencoded']);

const ANONYMOUS: Caller = Object.freeze({ kind: 'anonymous' });

/**
 * The spec's operations as routes. Every hook a route relies on is installed first, by the plugins named here
 * (fastify-plugin checks they were registered before this one): errors (the envelope), security (who called),
 * rate limits (per-route limits need the plugin).
 */
export const specRoutesPlugin = fp<{ context: HttpContext; handlers: HandlerMap }>(
  async (app, { context, handlers }) => registerSpecRoutes(app, context, handlers),
  { name: 'ephemail-routes', dependencies: ['ephemail-errors', 'ephemail-security', 'ephemail-rate-limits'] },
);

/** The first place in a parsed value (object keys included) holding U+0000, as "name (where)"; undefined if none. */
function nulAt(value: unknown, where: string, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? `${path || where} (${where})` : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return `${at.replace(/\u0000/g, '\\0')} (${where})`;
    const found = nulAt(item, where, at);
    if (found) return found;
  }
  return undefined;
}

async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

type RateGroup = 'tools' | 'verify' | 'developer';

/**
 * `x-rate-limit: tools | developer | dashboard` in the spec picks the group an operation counts against, per key
 * (per account for the dashboard) across every route of the group. `x-rate-limit-by: { parameter, groups }` moves
 * a call to another group by the value of a query or body parameter (the email validator's `action=verify`).
 * `login` (sign-up and log-in) is limited by loginAttemptLimiter instead.
 */
function rateLimitFor(op: SpecOperation, deps: HttpContext) {
  const group = op.extensions['x-rate-limit'];
  const limits = deps.config.rateLimits;
  if (group === 'dashboard') {
    // Dashboard calls count per logged-in account (the session hook ran first), so polling an inbox is cheap.
    return {
      hook: 'preValidation' as const,
      timeWindow: limits.windowMs,
      max: deps.config.dashboard.rateLimit,
      keyGenerator: (req: FastifyRequest) => `${req.caller?.kind === 'session' ? req.caller.account.id : req.ip}:dashboard`,
    };
  }
  if (group !== 'tools' && group !== 'developer') return undefined;
  const by = op.extensions['x-rate-limit-by'] as { parameter: string; groups: Record<string, RateGroup> } | undefined;
  const bucket = (req: FastifyRequest): RateGroup => {
    if (!by) return group;
    const value = parameterValue(req, by.parameter);
    return typeof value === 'string' && Object.hasOwn(by.groups, value) ? by.groups[value] : group;
  };
  return {
    hook: 'preValidation' as const,
    timeWindow: limits.windowMs,
    // A number where the group is fixed: @fastify/rate-limit awaits a function's answer on every request.
    max: by ? (req: FastifyRequest) => limits[bucket(req)] : limits[group],
    keyGenerator: (req: FastifyRequest) => `${req.caller?.kind === 'key' ? req.caller.key.id : req.ip}:${bucket(req)}`,
  };
}

/** A parameter as the client sent it, in the JSON body or the query string (before validation). */
function parameterValue(req: FastifyRequest, name: string): unknown {
  const fromBody = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[name] : undefined;
  return fromBody ?? (req.query as Record<string, unknown> | undefined)?.[name];
}
