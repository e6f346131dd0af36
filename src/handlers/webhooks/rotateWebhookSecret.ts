import type { Handler } from '../../http/handler.js';
import { rotateWebhookSecret as rotate } from '../../services/webhooks/webhooks.js';

export const rotateWebhookSecret: Handler<'rotateWebhookSecret'> = async (request, _reply, deps) => ({
  success: true,
  ...(await rotate(deps.database.db, request.auth!.account.id, request.params.webhook_id, request.body?.previous_secret_expires_in ?? 86_400)),
});
