import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { listWebhookDeliveries as list } from '../../webhooks/webhooks.js';

export const listWebhookDeliveries: Handler<'listWebhookDeliveries'> = async (request, _reply, ctx, caller) => {
  const page = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const { deliveries, count } = await list(ctx.database.db, caller.account.id, request.params.webhook_id, page);
  return { success: true, deliveries, count };
};
