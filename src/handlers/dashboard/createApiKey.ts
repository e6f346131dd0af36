import type { Handler } from '../../http/spec/handler.js';
import { createDashboardKey } from '../../identity/keys.js';

export const createApiKey: Handler<'createApiKey'> = async (request, reply, ctx, caller) => {
  const { key, view } = await createDashboardKey(ctx.database.db, ctx.config, caller.account, request.body.kind, request.body.name);
  reply.code(201);
  return { success: true, key, api_key: view };
};
