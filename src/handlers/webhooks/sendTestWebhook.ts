import type { Handler } from '../../http/spec/handler.js';
import { sendTestWebhook as sendTest } from '../../webhooks/webhooks.js';

export const sendTestWebhook: Handler<'sendTestWebhook'> = async (request, reply, ctx, caller) => {
  const delivery = await sendTest(ctx.database.db, caller.account.id, request.params.webhook_id);
  reply.code(202);
  return { success: true, ...delivery };
};
