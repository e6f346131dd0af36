import type { Handler } from '../../http/spec/handler.js';
import { listKeys } from '../../identity/keys.js';

export const listApiKeys: Handler<'listApiKeys'> = async (request, _reply, deps) => {
  const keys = await listKeys(deps.database.db, request.session!.account.id);
  const kind = request.query.kind;
  return { success: true, keys: kind ? keys.filter((k) => k.kind === kind) : keys };
};
