import type { Handler } from '../../http/spec/handler.js';
import { createWebhook as create } from '../../webhooks/webhooks.js';

export const createWebhook: Handler<'createWebhook'> = async (request, reply, deps) => {
  const { view, secret } = await create(deps.database.db, { policy: deps.config.webhooks }, request.auth!.account.id, request.body);
  reply.code(201);
  return { success: true, ...view, secret };
};
