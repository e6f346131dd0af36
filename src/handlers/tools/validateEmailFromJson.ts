import type { Handler } from '../../http/handler.js';
import { runEmailValidator } from '../../services/tools/email-validator.js';
import { verifyDepsFor } from '../../services/tools/email-verify.js';

export const validateEmailFromJson: Handler<'validateEmailFromJson'> = async (request, _reply, deps) => ({
  success: true,
  data: await runEmailValidator(request.body, verifyDepsFor(deps)),
});
