import type { components } from '../../../generated/schema.js';
import type { Deps } from '../../deps.js';
import type { Handler, SuccessBody } from '../../http/handler.js';
import { localAddressState } from '../../services/addresses.js';
import { invalid } from '../../services/errors.js';
import { extractEmails, validateEmail as validate } from '../../services/tools/email-validate.js';
import { verifyEmail } from '../../services/tools/email-verify.js';

type EmailParams = Omit<components['schemas']['EmailValidatorRequest'], 'apikey'>;

/** Shared by the GET and POST forms. `email` is required for validate/verify and `text` for extract. */
export async function respondEmailValidator(params: EmailParams, deps: Deps): Promise<SuccessBody<'validateEmail'>> {
  const action = params.action ?? 'validate';
  if (action === 'extract') {
    if (params.text === undefined) throw invalid('text is required when action is extract');
    return { success: true, data: extractEmails(params.text) };
  }
  if (params.email === undefined) throw invalid(`email is required when action is ${action}`);
  if (action === 'validate') return { success: true, data: validate(params.email) };
  const { config } = deps;
  const data = await verifyEmail(params.email, {
    resolver: deps.dns,
    timeoutMs: config.verify.timeoutMs,
    localLookup: (email) => localAddressState(deps.database.db, config, email),
    smtpProbe: {
      enabled: config.verify.smtpProbe,
      timeoutMs: config.verify.timeoutMs,
      heloName: config.smtpHostname,
      mailFrom: config.verify.smtpProbeFrom,
    },
  });
  return { success: true, data };
}

export const validateEmail: Handler<'validateEmail'> = async (request, _reply, deps) => respondEmailValidator(request.query, deps);
