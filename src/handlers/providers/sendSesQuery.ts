import type { Handler } from '../../http/spec/handler.js';
import { SES_QUERY_NAMESPACE, xmlText } from '../../mail/providers/errors.js';
import { captureSes } from '../../mail/providers/ses.js';
import { sesQueryMessage, type SesQueryFields } from '../../mail/providers/ses-query.js';
import { captureDeps } from './deps.js';

export const sendSesQuery: Handler<'sendSesQuery'> = async (request, reply, ctx, caller) => {
  const { action, message } = sesQueryMessage(request.body as unknown as SesQueryFields);
  const captured = await captureSes(captureDeps(ctx), caller.sandbox, message, request.ip);
  const body =
    `<${action}Response xmlns="${SES_QUERY_NAMESPACE}"><${action}Result><MessageId>${xmlText(captured.messageId)}</MessageId></${action}Result>` +
    `<ResponseMetadata><RequestId>${xmlText(request.id)}</RequestId></ResponseMetadata></${action}Response>`;
  return reply.header('x-amzn-requestid', request.id).type('text/xml; charset=utf-8').send(body);
};
