import type { Handler } from '../../http/spec/handler.js';
import { captureMail } from '../../mail/providers/capture.js';
import { sendGridMessages } from '../../mail/providers/sendgrid.js';
import { captureDeps } from './deps.js';

/** SendGrid v3 mail/send: every personalization is checked first, then each is captured; 202 with no body. */
export const sendSendGridMail: Handler<'sendSendGridMail'> = async (request, reply, ctx, caller) => {
  const messages = sendGridMessages(request.body);
  const ids: string[] = [];
  for (const mail of messages) ids.push((await captureMail(captureDeps(ctx), caller.sandbox, 'sendgrid', mail, request.ip)).messageId);
  return reply.code(202).header('x-message-id', ids[0]).send();
};
