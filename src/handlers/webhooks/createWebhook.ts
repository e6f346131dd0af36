import type { Handler } from '../../http/spec/handler.js';
import { createWebhook as create } from '../../webhooks/webhooks.js';

export const createWebhook: Handler<'createWebhook'> = async (request, reply, ctx, caller) => {
  const { view, secret } = await create(ctx.database.db, { policy: ctx.config.webhooks }, caller.account.id, request.body);
  reply.code(201);
  return { success: true, ...view, secret };
};
