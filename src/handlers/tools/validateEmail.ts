import type { Handler } from '../../http/handler.js';
import { runEmailValidator } from '../../services/tools/email-validator.js';
import { verifyDepsFor } from '../../services/tools/email-verify.js';

export const validateEmail: Handler<'validateEmail'> = async (request, _reply, deps) => ({
  success: true,
  data: await runEmailValidator(request.query, verifyDepsFor(deps)),
});
