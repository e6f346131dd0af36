import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { rotateWebhookSecret as rotate } from '../../webhooks/webhooks.js';

export const rotateWebhookSecret: Handler<'rotateWebhookSecret'> = async (request, _reply, ctx, caller) => {
  // An empty body validates as {} and gets the spec's default grace period.
  const body = request.body as WithDefaults<NonNullable<typeof request.body>, 'previous_secret_expires_in'>;
  return { success: true, ...(await rotate(ctx.database.db, caller.account.id, request.params.webhook_id, body.previous_secret_expires_in)) };
};
