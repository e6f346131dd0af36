import type { Handler } from '../../http/spec/handler.js';
import { captureMail, captureRaw } from '../../mail/providers/capture.js';
import { sesMessage } from '../../mail/providers/ses.js';
import { captureDeps } from './deps.js';

export const sendSesEmail: Handler<'sendSesEmail'> = async (request, _reply, ctx, caller) => {
  const message = sesMessage(request.body);
  const captured =
    message.kind === 'raw'
      ? await captureRaw(captureDeps(ctx), caller.sandbox, 'ses', message.raw, message.envelope, request.ip)
      : await captureMail(captureDeps(ctx), caller.sandbox, 'ses', message.mail, request.ip);
  return { MessageId: captured.messageId };
};
