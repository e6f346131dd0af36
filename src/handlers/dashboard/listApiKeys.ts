import type { Handler } from '../../http/spec/handler.js';
import { listKeys } from '../../identity/keys.js';

export const listApiKeys: Handler<'listApiKeys'> = async (request, _reply, ctx, caller) => {
  const keys = await listKeys(ctx.database.db, caller.account.id);
  const kind = request.query.kind;
  return { success: true, keys: kind ? keys.filter((k) => k.kind === kind) : keys };
};
