import type { Handler } from '../../http/spec/handler.js';
import { createKeyByKey } from '../../identity/keys.js';

export const createKey: Handler<'createKey'> = async (request, reply, ctx, caller) => {
  const { name, ...requested } = request.body ?? {};
  const { key, view } = await createKeyByKey(ctx.database.db, caller, name, requested);
  reply.code(201);
  return { success: true, key, api_key: view };
};
