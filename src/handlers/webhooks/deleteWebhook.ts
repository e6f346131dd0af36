import type { Handler } from '../../http/spec/handler.js';
import { deleteWebhook as remove } from '../../webhooks/webhooks.js';

export const deleteWebhook: Handler<'deleteWebhook'> = async (request, _reply, ctx, caller) => {
  const { id, deliveries } = await remove(ctx.database.db, caller.account.id, request.params.webhook_id);
  return { success: true, message: `Webhook ${id} and its ${deliveries} deliver${deliveries === 1 ? 'y was' : 'ies were'} deleted.` };
};
