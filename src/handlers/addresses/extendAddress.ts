import type { Handler } from '../../http/handler.js';
import { extendAddress as extend } from '../../services/addresses.js';

export const extendAddress: Handler<'extendAddress'> = async (request, _reply, deps) => ({
  success: true,
  new_expiry: await extend(deps.database.db, deps.config, request.auth!.account.id, request.params.address, request.body?.expires_in),
});
