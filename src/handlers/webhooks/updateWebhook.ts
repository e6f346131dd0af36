import type { Handler } from '../../http/spec/handler.js';
import { updateWebhook as update } from '../../webhooks/webhooks.js';

export const updateWebhook: Handler<'updateWebhook'> = async (request, _reply, deps) => ({
  success: true,
  ...(await update(deps.database.db, { policy: deps.config.webhooks }, request.auth!.account.id, request.params.webhook_id, request.body)),
});
