import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { listWebhookViews } from '../../webhooks/webhooks.js';

export const listWebhooks: Handler<'listWebhooks'> = async (request, _reply, ctx, caller) => {
  const page = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const { webhooks, count } = await listWebhookViews(ctx.database.db, caller.account.id, page);
  return { success: true, webhooks, count };
};
