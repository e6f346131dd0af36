/**
 * Domain errors thrown by framework-free services. The HTTP layer (src/http/errors.ts) maps each code to its
 * status and renders the `{ success: false, error, message }` envelope; services never know about HTTP.
 */
export const errorCodes = [
  'validation_error',
  'invalid_json',
  'ambiguous_api_key',
  'qr_capacity_exceeded',
  'qr_size_too_small',
  'missing_api_key',
  'invalid_api_key',
  'wrong_key_kind',
  'plan_required',
  'not_found',
  'account_not_found',
  'key_not_found',
  'address_not_found',
  'message_not_found',
  'webhook_not_found',
  'webhook_delivery_not_found',
  'webhook_disabled',
  'webhook_target_not_allowed',
  'attachment_not_found',
  'domain_not_found',
  'account_exists',
  'address_exists',
  'domain_exists',
  'domain_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'invalid_credentials',
  'session_required',
  'csrf_failed',
  'plan_change_not_allowed',
  'too_many_keys',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Shorthand for the most common case: a parameter broke a rule. The message names the parameter and the rule. */
export function invalid(message: string): DomainError {
  return new DomainError('validation_error', message);
}
