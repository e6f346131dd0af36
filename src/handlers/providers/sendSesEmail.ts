import type { Handler } from '../../http/spec/handler.js';
import { captureSes, sesMessage } from '../../mail/providers/ses.js';
import { captureDeps } from './deps.js';

export const sendSesEmail: Handler<'sendSesEmail'> = async (request, _reply, ctx, caller) => {
  const message = sesMessage(request.body);
  const captured = await captureSes(captureDeps(ctx), caller.sandbox, message, request.ip);
  return { MessageId: captured.messageId };
};
