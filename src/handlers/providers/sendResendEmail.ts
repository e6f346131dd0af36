import type { Handler } from '../../http/spec/handler.js';
import { captureMail } from '../../mail/providers/capture.js';
import { idempotent } from '../../mail/providers/idempotency.js';
import { resendMessage } from '../../mail/providers/resend.js';
import { captureDeps } from './deps.js';

export const sendResendEmail: Handler<'sendResendEmail'> = async (request, _reply, ctx, caller) => {
  const mail = resendMessage(request.body);
  return idempotent(ctx.database.db, caller.sandbox.id, request.headers['idempotency-key'] as string | undefined, request.body, async () => ({
    id: (await captureMail(captureDeps(ctx), caller.sandbox, 'resend', mail, request.ip)).messageId,
  }));
};
