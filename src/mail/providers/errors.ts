/**
 * The provider APIs answer failures in each provider's own shape and statuses (the spec's SendGridErrors,
 * PostmarkError, ResendError, MailgunError and SesError), not in Ephemail's `{ success, error }` envelope, so each
 * provider's SDK raises the error it would raise against the real service. Code raises a ProviderError naming what
 * went wrong in general terms; `renderProviderError` turns it into the provider's status, body and headers. The
 * HTTP layer's error handler does the same for failures found before a handler runs (credentials, media type, body
 * size, schema) on every operation the spec marks with `x-provider`.
 */
export type Provider = 'sendgrid' | 'postmark' | 'resend' | 'mailgun' | 'ses';
export const PROVIDERS: readonly Provider[] = ['sendgrid', 'postmark', 'resend', 'mailgun', 'ses'];

export type FailureKind =
  /** No credentials were sent. */
  | 'unauthenticated'
  /** Credentials were sent but are unknown, rotated or (SES) signed wrongly. */
  | 'forbidden'
  /** A field is missing or wrong. */
  | 'invalid'
  /** The body could not be read (not JSON). */
  | 'malformed'
  | 'too_large'
  | 'unsupported_media_type'
  /** Idempotency: the key was used with another body, or its first request is still under way. */
  | 'conflict'
  /** The account's inbound allowance is used up. */
  | 'rate_limited'
  /** Overloaded, or the intake queue is full. */
  | 'unavailable'
  | 'internal';

export interface FailureDetail {
  /** The field at fault, as a dotted path (SendGrid names it). */
  field?: string;
  /** The provider's own error name or code where one kind has several (SES's SignatureDoesNotMatch, Resend's
   * invalid_idempotent_request, Postmark's ErrorCode). */
  code?: string | number;
  /** Seconds to wait (429, 503). */
  retryAfter?: number;
}

export class ProviderError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly detail: FailureDetail = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface RenderedFailure {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** The body's media type: JSON, or (SES's Query API) XML. */
  type: string;
}

/**
 * How a provider's API is spoken, when one provider has two (the spec's `x-provider-protocol`): Amazon SES's v1
 * Query API takes forms and answers XML, its v2 takes and answers JSON.
 */
export type ProviderProtocol = 'aws-query';
export const isProviderProtocol = (value: unknown): value is ProviderProtocol => value === 'aws-query';

const STATUS: Record<Provider, Record<FailureKind, number>> = {
  sendgrid: { unauthenticated: 401, forbidden: 401, invalid: 400, malformed: 400, too_large: 413, unsupported_media_type: 415, conflict: 400, rate_limited: 429, unavailable: 503, internal: 500 },
  postmark: { unauthenticated: 401, forbidden: 401, invalid: 422, malformed: 400, too_large: 413, unsupported_media_type: 415, conflict: 422, rate_limited: 429, unavailable: 503, internal: 500 },
  resend: { unauthenticated: 401, forbidden: 403, invalid: 422, malformed: 400, too_large: 413, unsupported_media_type: 415, conflict: 409, rate_limited: 429, unavailable: 503, internal: 500 },
  mailgun: { unauthenticated: 401, forbidden: 401, invalid: 400, malformed: 400, too_large: 413, unsupported_media_type: 415, conflict: 400, rate_limited: 429, unavailable: 503, internal: 500 },
  ses: { unauthenticated: 403, forbidden: 403, invalid: 400, malformed: 400, too_large: 413, unsupported_media_type: 415, conflict: 400, rate_limited: 429, unavailable: 503, internal: 500 },
};

/** Postmark's API error codes (postmarkapp.com/developer/api/overview#error-codes). */
const POSTMARK_CODE: Record<FailureKind, number> = {
  unauthenticated: 10,
  forbidden: 10,
  invalid: 300,
  malformed: 402,
  too_large: 300,
  unsupported_media_type: 402,
  conflict: 300,
  rate_limited: 405,
  unavailable: 100,
  internal: 100,
};

const RESEND_NAME: Record<FailureKind, string> = {
  unauthenticated: 'missing_api_key',
  forbidden: 'invalid_api_key',
  invalid: 'validation_error',
  malformed: 'validation_error',
  too_large: 'validation_error',
  unsupported_media_type: 'validation_error',
  conflict: 'invalid_idempotent_request',
  rate_limited: 'rate_limit_exceeded',
  unavailable: 'application_error',
  internal: 'application_error',
};

/** The names SES (restJson1) puts in `x-amzn-ErrorType`, which the AWS SDK turns into the error's name. */
const SES_TYPE: Record<FailureKind, string> = {
  unauthenticated: 'MissingAuthenticationTokenException',
  forbidden: 'UnrecognizedClientException',
  invalid: 'BadRequestException',
  malformed: 'BadRequestException',
  too_large: 'RequestEntityTooLargeException',
  unsupported_media_type: 'UnsupportedMediaTypeException',
  conflict: 'BadRequestException',
  rate_limited: 'TooManyRequestsException',
  unavailable: 'ServiceUnavailable',
  internal: 'InternalFailure',
};

/**
 * The SES Query API's names for what SES v2 (and the SigV4 check, src/http/sandbox-credentials.ts) calls otherwise;
 * a code not listed is the same in both.
 */
const AWS_QUERY_CODE: Record<string, string> = {
  MissingAuthenticationTokenException: 'MissingAuthenticationToken',
  UnrecognizedClientException: 'InvalidClientTokenId',
  IncompleteSignatureException: 'IncompleteSignature',
  InvalidSignatureException: 'SignatureDoesNotMatch',
};
const AWS_QUERY_KIND: Record<FailureKind, string> = {
  unauthenticated: 'MissingAuthenticationToken',
  forbidden: 'InvalidClientTokenId',
  invalid: 'ValidationError',
  malformed: 'InvalidParameterValue',
  too_large: 'RequestEntityTooLarge',
  unsupported_media_type: 'UnsupportedMediaType',
  conflict: 'InvalidParameterValue',
  rate_limited: 'Throttling',
  unavailable: 'ServiceUnavailable',
  internal: 'InternalFailure',
};
/** Text as XML character data (the SES Query API's answers). */
export const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The namespace SES's Query API answers in. */
export const SES_QUERY_NAMESPACE = 'http://ses.amazonaws.com/doc/2010-12-01/';

/** An SES Query API failure: `<ErrorResponse>` with the code the SDK names its error after. */
function renderAwsQueryError(err: ProviderError, requestId: string): RenderedFailure {
  const given = typeof err.detail.code === 'string' ? err.detail.code : undefined;
  const code = given ? (AWS_QUERY_CODE[given] ?? given) : AWS_QUERY_KIND[err.kind];
  // An Authorization header that is not SigV4, or an action it does not know, is a 400 in AWS's answers.
  const status = code === 'IncompleteSignature' || code === 'InvalidAction' ? 400 : STATUS.ses[err.kind];
  const headers: Record<string, string> = { 'x-amzn-requestid': requestId };
  if (err.detail.retryAfter !== undefined) headers['retry-after'] = String(err.detail.retryAfter);
  const body =
    `<ErrorResponse xmlns="${SES_QUERY_NAMESPACE}"><Error><Type>${status >= 500 ? 'Receiver' : 'Sender'}</Type>` +
    `<Code>${xmlText(code)}</Code><Message>${xmlText(err.message)}</Message></Error><RequestId>${xmlText(requestId)}</RequestId></ErrorResponse>`;
  return { status, body, headers, type: 'text/xml; charset=utf-8' };
}

/** `requestId` names the request in the SES Query API's answers (its body and `x-amzn-RequestId`). */
export function renderProviderError(provider: Provider, err: ProviderError, protocol?: ProviderProtocol, requestId = ''): RenderedFailure {
  if (provider === 'ses' && protocol === 'aws-query') return renderAwsQueryError(err, requestId);
  const { kind, detail } = err;
  let status = STATUS[provider][kind];
  const headers: Record<string, string> = {};
  if (detail.retryAfter !== undefined) headers['retry-after'] = String(detail.retryAfter);
  let body: unknown;
  switch (provider) {
    case 'sendgrid':
      body = { errors: [{ message: err.message, field: detail.field ?? null, help: null }] };
      break;
    case 'postmark':
      body = { ErrorCode: typeof detail.code === 'number' ? detail.code : POSTMARK_CODE[kind], Message: err.message };
      break;
    case 'resend':
      body = { statusCode: status, name: typeof detail.code === 'string' ? detail.code : RESEND_NAME[kind], message: err.message };
      break;
    case 'mailgun':
      body = { message: err.message };
      break;
    case 'ses': {
      const type = typeof detail.code === 'string' ? detail.code : SES_TYPE[kind];
      // An Authorization header that is not SigV4 at all is a 400 in AWS's answers.
      if (type === 'IncompleteSignatureException') status = 400;
      headers['x-amzn-errortype'] = type;
      body = { message: err.message };
      break;
    }
  }
  return { status, body, headers, type: 'application/json; charset=utf-8' };
}

export function isProvider(value: unknown): value is Provider {
  return typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value);
}
