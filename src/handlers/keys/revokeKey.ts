import type { Handler } from '../../http/spec/handler.js';
import { revokeKeyByIdOrValue } from '../../identity/keys.js';

export const revokeKey: Handler<'revokeKey'> = async (request, _reply, ctx, caller) => ({
  success: true,
  api_key: await revokeKeyByIdOrValue(ctx.database.db, request.params.key_id, caller.account.id),
});
