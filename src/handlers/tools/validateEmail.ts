import type { Handler } from '../../http/spec/handler.js';
import { runEmailValidator } from '../../tools/email/validator.js';
import { verifyDepsFor } from '../../tools/email/verify.js';

export const validateEmail: Handler<'validateEmail'> = async (request, _reply, ctx) => ({
  success: true,
  data: await runEmailValidator(request.query, verifyDepsFor(ctx)),
});
