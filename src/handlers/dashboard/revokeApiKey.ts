import type { Handler } from '../../http/spec/handler.js';
import { revokeKeyByIdOrValue } from '../../identity/keys.js';

export const revokeApiKey: Handler<'revokeApiKey'> = async (request, _reply, deps) => ({
  success: true,
  api_key: await revokeKeyByIdOrValue(deps.database.db, request.params.key_id, request.session!.account.id),
});
