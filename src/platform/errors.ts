import type { components } from '../../generated/schema.js';

/**
 * Domain errors thrown by framework-free services. The HTTP layer (src/http/plugins/errors.ts) maps each code to its
 * status and renders the `{ success: false, error, message }` envelope; services never know about HTTP.
 */
/** Every `error` code the API answers: the spec's ErrorCode schema (its `x-status` gives each one's HTTP status). */
export type ErrorCode = components['schemas']['ErrorCode'];

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

/**
 * Errors raised in more than one place, so each reads the same wherever it comes from. Another account's resource
 * answers exactly like a missing one.
 */
export const errors = {
  /** `why` adds a reason; `bodyField` names the request-body field that named the address. */
  addressNotFound: (address: string, opts: { why?: string; bodyField?: string } = {}) =>
    new DomainError(
      'address_not_found',
      opts.bodyField
        ? `${opts.bodyField}: no address ${address} in your account (body field).`
        : `No address ${address} in your account${opts.why ? ` (${opts.why})` : ''}.`,
    ),
  addressExists: (address: string, hint = 'choose another prefix') => new DomainError('address_exists', `${address} already exists; ${hint}.`),
  accountExists: (email: string, hint?: string) => new DomainError('account_exists', `An account for ${email} already exists${hint ? `; ${hint}` : ''}.`),
  domainExists: (domain: string, note = '') => new DomainError('domain_exists', `${domain} is already in your account${note}.`),
  /** `what` needs the developer plan (`what` in the plural reads "… need …"). */
  planRequired: (what: string, account: { email: string; plan: string }, hint = '') =>
    new DomainError(
      'plan_required',
      `${what} need${/s$/.test(what) ? '' : 's'} the developer plan; ${account.email} is on the ${account.plan} plan.${hint ? ` ${hint}` : ''}`,
    ),
};
