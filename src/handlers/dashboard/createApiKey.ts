import type { Handler } from '../../http/spec/handler.js';
import { createDashboardKey } from '../../identity/keys.js';

export const createApiKey: Handler<'createApiKey'> = async (request, reply, deps) => {
  const { key, view } = await createDashboardKey(deps.database.db, deps.config, request.session!.account, request.body.kind, request.body.name);
  reply.code(201);
  return { success: true, key, api_key: view };
};
