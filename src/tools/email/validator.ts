import type { components } from '../../../generated/schema.js';
import { invalid } from '../../platform/errors.js';
import { extractEmails, validateEmail } from './validate.js';
import { verifyEmail, type VerifyDeps } from './verify.js';

type Schemas = components['schemas'];
/** The email validator's parameters, either form (the spec's EmailValidatorRequest, less the key). */
export type EmailValidatorRequest = Omit<Schemas['EmailValidatorRequest'], 'apikey'>;
export type EmailValidatorData = Schemas['EmailValidatorResponse']['data'];

/** The email validator, either form: `action` (validate by default) picks the check; each needs its own field. */
export async function runEmailValidator(params: EmailValidatorRequest, verifyDeps: VerifyDeps): Promise<EmailValidatorData> {
  const action = params.action ?? 'validate';
  if (action === 'extract') {
    if (params.text === undefined) throw invalid('text is required when action is extract');
    return extractEmails(params.text);
  }
  if (params.email === undefined) throw invalid(`email is required when action is ${action}`);
  if (action === 'validate') return validateEmail(params.email);
  return verifyEmail(params.email, verifyDeps);
}
