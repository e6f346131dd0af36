import type { Handler } from '../../http/spec/handler.js';
import { createDashboardKey } from '../../identity/keys.js';

export const createApiKey: Handler<'createApiKey'> = async (request, reply, ctx, caller) => {
  const { kind, name, ...requested } = request.body;
  const { key, view } = await createDashboardKey(ctx.database.db, ctx.config, caller.account, kind, name, requested, caller.session.role);
  reply.code(201);
  return { success: true, key, api_key: view };
};
