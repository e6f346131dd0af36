import type { Handler } from '../../http/spec/handler.js';
import { getWebhookView } from '../../webhooks/webhooks.js';

export const getWebhook: Handler<'getWebhook'> = async (request, _reply, deps) => ({
  success: true,
  ...(await getWebhookView(deps.database.db, request.auth!.account.id, request.params.webhook_id)),
});
