import type { Handler } from '../../http/spec/handler.js';
import { redeliverWebhookDelivery as redeliver } from '../../webhooks/webhooks.js';

export const redeliverWebhookDelivery: Handler<'redeliverWebhookDelivery'> = async (request, reply, ctx, caller) => {
  const delivery = await redeliver(ctx.database.db, caller.account.id, request.params.webhook_id, request.params.delivery_id);
  reply.code(202);
  return { success: true, ...delivery };
};
