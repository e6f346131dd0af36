import type { Handler } from '../../http/spec/handler.js';
import { captureMail, type OutgoingMail } from '../../mail/providers/capture.js';
import { ProviderError } from '../../mail/providers/errors.js';
import { idempotent } from '../../mail/providers/idempotency.js';
import { resendMessage } from '../../mail/providers/resend.js';
import { captureDeps } from './deps.js';

/** Resend's batch: strict (all or nothing, the default) or permissive (the valid ones, and the others in `errors`). */
export const sendResendBatch: Handler<'sendResendBatch'> = async (request, _reply, ctx, caller) => {
  const permissive = request.headers['x-batch-validation'] === 'permissive';
  const valid: OutgoingMail[] = [];
  const errors: Array<{ index: number; message: string }> = [];
  request.body.forEach((email, index) => {
    try {
      valid.push(resendMessage(email));
    } catch (err) {
      if (!(err instanceof ProviderError) || !permissive) {
        throw err instanceof ProviderError ? new ProviderError(err.kind, `emails[${index}]: ${err.message}`, err.detail) : err;
      }
      errors.push({ index, message: err.message });
    }
  });
  return idempotent(ctx.database.db, caller.sandbox.id, request.headers['idempotency-key'] as string | undefined, request.body, async () => {
    const data = [];
    for (const mail of valid) data.push({ id: (await captureMail(captureDeps(ctx), caller.sandbox, 'resend', mail, request.ip)).messageId });
    return permissive ? { data, errors } : { data };
  });
};
