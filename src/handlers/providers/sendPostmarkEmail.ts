import type { Handler } from '../../http/spec/handler.js';
import { captureMail } from '../../mail/providers/capture.js';
import { postmarkMessage } from '../../mail/providers/postmark.js';
import { captureDeps } from './deps.js';

export const sendPostmarkEmail: Handler<'sendPostmarkEmail'> = async (request, _reply, ctx, caller) => {
  const captured = await captureMail(captureDeps(ctx), caller.sandbox, 'postmark', postmarkMessage(request.body), request.ip);
  return { To: request.body.To, SubmittedAt: captured.at.toISOString(), MessageID: captured.messageId, ErrorCode: 0, Message: 'OK' };
};
