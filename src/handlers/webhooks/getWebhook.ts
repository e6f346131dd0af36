import type { Handler } from '../../http/spec/handler.js';
import { getWebhookView } from '../../webhooks/webhooks.js';

export const getWebhook: Handler<'getWebhook'> = async (request, _reply, ctx, caller) => ({
  success: true,
  ...(await getWebhookView(ctx.database.db, caller.account.id, request.params.webhook_id)),
});
