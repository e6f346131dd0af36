import YAML from 'yaml';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStoreFull, isStoreUnavailable, STORE_FULL_RETRY_AFTER_SECONDS } from '../../db/dialect.js';
import { DomainError, type ErrorCode } from '../../platform/errors.js';
import type { ErrorObject } from 'ajv';
import { formatValidationErrors } from '../spec/validation.js';
import { isProvider, isProviderProtocol, ProviderError, renderProviderError, type FailureKind, type Provider, type ProviderProtocol, type RenderedFailure } from '../../mail/providers/errors.js';
import { specDocument } from '../spec/spec.js';

/**
 * The error catalogue: every `error` code's HTTP status, read once from openapi.yaml, where the ErrorCode schema's
 * `x-status` map declares it beside the codes. A code without a status (or a status without a code) stops the
 * server at start-up.
 */
export const errorStatus: Record<ErrorCode, number> = errorStatusesOf(specDocument());

export function readErrorStatuses(specYaml: string): Record<ErrorCode, number> {
  return errorStatusesOf(YAML.parse(specYaml) as Record<string, unknown>);
}

function errorStatusesOf(document: Record<string, unknown>): Record<ErrorCode, number> {
  const schema = (document as { components: { schemas: { ErrorCode: { enum: string[]; 'x-status'?: Record<string, unknown> } } } }).components.schemas
    .ErrorCode;
  const statuses = schema['x-status'] ?? {};
  const missing = schema.enum.filter((code) => !Number.isInteger(statuses[code]) || (statuses[code] as number) < 400 || (statuses[code] as number) > 599);
  const unknown = Object.keys(statuses).filter((code) => !schema.enum.includes(code));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(`openapi.yaml ErrorCode x-status: no 4xx/5xx status for [${missing.join(', ')}]; statuses for unknown codes [${unknown.join(', ')}]`);
  }
  return statuses as Record<ErrorCode, number>;
}

export interface ErrorBody {
  success: false;
  error: ErrorCode;
  message: string;
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { success: false, error: code, message };
}

export function sendError(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  return reply.code(errorStatus[code]).type('application/json; charset=utf-8').send(errorBody(code, message));
}

/** Retry-After of a 503 for a database that dropped the connection (PostgreSQL reconnects within a second). */
const STORE_RETRY_AFTER_SECONDS = 1;

/** Maps anything thrown in a request to the envelope. Internals of 5xx failures go to the log only. */
export function toErrorBody(err: FastifyError | Error, request: FastifyRequest): ErrorBody {
  if (err instanceof DomainError) return errorBody(err.code, err.message);
  const fe = err as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (Array.isArray(fe.validation)) {
    return errorBody('validation_error', formatValidationErrors(fe.validation as never, fe.validationContext));
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorBody(
        'unsupported_media_type',
        `Send the body as application/json (got ${request.headers['content-type'] ?? 'no content type'}).`,
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody('payload_too_large', `The request body is larger than ${request.routeOptions.bodyLimit} bytes.`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorBody('invalid_json', 'The body is empty but the content type says JSON; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errorBody('invalid_json', `The body is not valid JSON: ${fe.message}`);
    default:
  }
  // The database dropped the connection or does not answer: retryable, and nothing the client did wrong.
  if (isStoreUnavailable(err)) return errorBody('service_unavailable', `The database does not answer right now; retry in ${STORE_RETRY_AFTER_SECONDS} s.`);
  if (isStoreFull(err)) return errorBody('service_unavailable', `The store is full: the server's disk has no room for this write; retry in ${STORE_FULL_RETRY_AFTER_SECONDS} s, once space is freed.`);
  if (err instanceof SyntaxError && fe.statusCode === 400) {
    return errorBody('invalid_json', `The body is not valid JSON: ${err.message}`);
  }
  if (fe.statusCode === 429) return errorBody('rate_limited', fe.message);
  if (fe.statusCode === 413) return errorBody('payload_too_large', fe.message);
  if (fe.statusCode === 415) return errorBody('unsupported_media_type', fe.message);
  if (fe.statusCode === 404) return errorBody('not_found', fe.message);
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return errorBody('validation_error', fe.message);
  return errorBody('internal_error', `Something went wrong on our side (request ${request.id}).`);
}

/** The methods the spec declares for each path, as a matcher: which methods a concrete URL path has (for 405). */
export function methodsByPath(operations: Array<{ method: string; path: string }>): (path: string) => string[] {
  const byPattern = new Map<string, { re: RegExp; methods: Set<string> }>();
  for (const op of operations) {
    let entry = byPattern.get(op.path);
    if (!entry) {
      const pattern = op.path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
      byPattern.set(op.path, (entry = { re: new RegExp(`^${pattern}/?$`), methods: new Set() }));
    }
    entry.methods.add(op.method.toUpperCase());
    if (op.method.toUpperCase() === 'GET') entry.methods.add('HEAD');
  }
  return (path) => {
    const methods = new Set<string>();
    for (const { re, methods: m } of byPattern.values()) if (re.test(path)) m.forEach((x) => methods.add(x));
    return [...methods].sort();
  };
}

const PROVIDER_KIND: Partial<Record<ErrorCode, FailureKind>> = {
  missing_api_key: 'unauthenticated',
  invalid_api_key: 'forbidden',
  validation_error: 'invalid',
  invalid_json: 'malformed',
  payload_too_large: 'too_large',
  unsupported_media_type: 'unsupported_media_type',
  rate_limited: 'rate_limited',
  service_unavailable: 'unavailable',
};

/**
 * Anything thrown on a provider route (an operation with `x-provider`) as a ProviderError: what the handler threw,
 * or what was found before it — schema validation (with the field at fault), the body's media type, size or JSON —
 * in the same general terms, for renderProviderError to answer in the provider's shape.
 */
export function asProviderError(err: FastifyError | Error, request: FastifyRequest): ProviderError {
  if (err instanceof ProviderError) return err;
  const fe = err as FastifyError & { validation?: ErrorObject[]; validationContext?: string };
  if (Array.isArray(fe.validation) && fe.validation.length > 0) {
    const first = fe.validation[0];
    const missing = (first.params as { missingProperty?: string }).missingProperty;
    const field = [...first.instancePath.split('/').filter(Boolean), ...(missing ? [missing] : [])].join('.');
    return new ProviderError('invalid', formatValidationErrors(fe.validation, fe.validationContext), field ? { field } : {});
  }
  const body = toErrorBody(err, request);
  const kind = PROVIDER_KIND[body.error] ?? (errorStatus[body.error] >= 500 ? 'internal' : 'invalid');
  return new ProviderError(kind, body.message, kind === 'unavailable' ? { retryAfter: retryAfterOf(err) } : {});
}

/** Retry-After (seconds) of a 503 for a store that is full or does not answer. */
function retryAfterOf(err: unknown): number {
  return isStoreFull(err) ? STORE_FULL_RETRY_AFTER_SECONDS : STORE_RETRY_AFTER_SECONDS;
}

/** Logs a failure on our side: a full store at error level (an operator must free space), one that does not answer
 * as a warning (it comes back by itself), anything else that failed as an error. */
function logFailure(request: FastifyRequest, err: unknown, unavailable: boolean): void {
  if (isStoreFull(err)) request.log.error({ err }, 'request failed: the store has no room (disk full)');
  else if (unavailable) request.log.warn({ err }, 'request failed: a dependency is unavailable');
  else request.log.error({ err }, 'request failed');
}

function sendProviderError(
  reply: FastifyReply,
  request: FastifyRequest,
  provider: Provider,
  err: ProviderError,
  protocol: ProviderProtocol | undefined = request.routeOptions.config?.providerProtocol,
): FastifyReply {
  const rendered = renderProviderError(provider, err, protocol, request.id);
  return reply.code(rendered.status).headers(rendered.headers).type(rendered.type).send(rendered.body);
}

/** A provider API as a path's operation speaks it: its `x-provider` and `x-provider-protocol`. */
export interface ProviderApi {
  provider: Provider;
  protocol?: ProviderProtocol;
}

/** The provider whose API a URL path belongs to (its operation's `x-provider`), if any: for answers given before
 * routing (a path Fastify cannot read, a parameter too long) in that provider's shape. */
export function providersByPath(operations: Array<{ path: string; extensions?: Record<string, unknown> }>): (path: string) => ProviderApi | undefined {
  const patterns = operations
    .filter((op) => isProvider(op.extensions?.['x-provider']))
    .map((op) => ({
      re: new RegExp(`^${op.path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]*')}/?$`),
      api: {
        provider: op.extensions!['x-provider'] as Provider,
        ...(isProviderProtocol(op.extensions!['x-provider-protocol']) ? { protocol: op.extensions!['x-provider-protocol'] } : {}),
      },
    }));
  return (path) => patterns.find((p) => p.re.test(path))?.api;
}

/** A failure answered before any route ran, in the provider's shape when the path is a provider API's; null otherwise. */
export function providerFailureBody(providerOf: (path: string) => ProviderApi | undefined, url: string, kind: FailureKind, message: string, requestId = ''): RenderedFailure | null {
  const api = providerOf(url.split('?')[0]);
  return api ? renderProviderError(api.provider, new ProviderError(kind, message), api.protocol, requestId) : null;
}

export function installErrorHandlers(
  app: FastifyInstance,
  allowedMethods: (path: string) => string[] = () => [],
  providerOf: (path: string) => ProviderApi | undefined = () => undefined,
): void {
  app.setErrorHandler((err, request, reply) => {
    const provider = request.routeOptions.config?.provider;
    if (provider) {
      const failure = asProviderError(err as Error, request);
      if (failure.kind === 'internal' || failure.kind === 'unavailable') logFailure(request, err, failure.kind === 'unavailable');
      if (failure.kind === 'internal' && !(err instanceof ProviderError)) return sendProviderError(reply, request, provider, new ProviderError('internal', `Something went wrong on our side (request ${request.id}).`));
      return sendProviderError(reply, request, provider, failure);
    }
    const body = toErrorBody(err as Error, request);
    const status = errorStatus[body.error];
    if (status >= 500) logFailure(request, err, body.error === 'service_unavailable');
    if (body.error === 'service_unavailable' && !reply.hasHeader('retry-after')) reply.header('retry-after', retryAfterOf(err));
    const scope = (err as { scope?: unknown }).scope;
    if (body.error === 'insufficient_scope' && typeof scope === 'string') {
      reply.header('www-authenticate', `Bearer error="insufficient_scope", scope="${scope}"`);
    }
    if (body.error === 'rate_limited' && (err as FastifyError & { ttl?: number }).ttl !== undefined) {
      reply.header('retry-after', Math.ceil((err as unknown as { ttl: number }).ttl / 1000));
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A known path asked with a method it does not have: 405 with the methods it does have.
    const allowed = allowedMethods(path);
    // The path and method are the spec's, yet no route took them: the router refuses path parameters longer than
    // its maxParamLength, so the parameter is at fault, not the method.
    if (allowed.includes(request.method)) {
      const message = 'A path parameter is too long (path parameter); see the parameter\'s maxLength in the spec.';
      const api = providerOf(path);
      if (api) return sendProviderError(reply, request, api.provider, new ProviderError('invalid', message), api.protocol);
      return sendError(reply, 'validation_error', message);
    }
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, 'method_not_allowed', `${path} does not answer ${request.method}; it answers ${allowed.join(', ')}.`);
    }
    return sendError(reply, 'not_found', `Route ${request.method} ${path} does not exist. See /docs for the API.`);
  });
}

/** One error handler and one 404/405 handler for the whole app, answering in the envelope. */
export const errorsPlugin = fp<{ operations: Array<{ method: string; path: string; extensions?: Record<string, unknown> }> }>(
  async (app, { operations }) => installErrorHandlers(app, methodsByPath(operations), providersByPath(operations)),
  { name: 'ephemail-errors' },
);
