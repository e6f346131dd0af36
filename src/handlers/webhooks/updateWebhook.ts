import type { Handler } from '../../http/spec/handler.js';
import { updateWebhook as update } from '../../webhooks/webhooks.js';

export const updateWebhook: Handler<'updateWebhook'> = async (request, _reply, ctx, caller) => ({
  success: true,
  ...(await update(ctx.database.db, { policy: ctx.config.webhooks }, caller.account.id, request.params.webhook_id, request.body)),
});
