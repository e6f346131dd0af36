import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode } from '../services/errors.js';
import { formatValidationErrors } from './validation.js';

/**
 * The error catalogue: every `error` code the API can answer, with its HTTP status. openapi.yaml's ErrorCode
 * schema lists the same codes (test/http/errors.test.ts keeps the two equal).
 */
export const errorStatus: Record<ErrorCode, number> = {
  validation_error: 400,
  invalid_json: 400,
  ambiguous_api_key: 400,
  qr_capacity_exceeded: 400,
  qr_size_too_small: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  wrong_key_kind: 403,
  plan_required: 403,
  not_found: 404,
  account_not_found: 404,
  key_not_found: 404,
  address_not_found: 404,
  message_not_found: 404,
  webhook_not_found: 404,
  webhook_delivery_not_found: 404,
  webhook_disabled: 409,
  webhook_target_not_allowed: 422,
  attachment_not_found: 404,
  domain_not_found: 404,
  account_exists: 409,
  address_exists: 409,
  domain_exists: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  domain_not_allowed: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  invalid_credentials: 401,
  session_required: 401,
  csrf_failed: 403,
  plan_change_not_allowed: 403,
  too_many_keys: 409,
};

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

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const body = toErrorBody(err as Error, request);
    const status = errorStatus[body.error];
    if (status >= 500) request.log.error({ err }, 'request failed');
    if (body.error === 'rate_limited' && (err as FastifyError & { ttl?: number }).ttl !== undefined) {
      reply.header('retry-after', Math.ceil((err as unknown as { ttl: number }).ttl / 1000));
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 'not_found', `Route ${request.method} ${request.url.split('?')[0]} does not exist. See /docs for the API.`),
  );
}
