import type { Handler } from '../../http/spec/handler.js';
import { extendAddress as extend } from '../../mail/addresses.js';

/** Serves `extendAddress` (Developer key) and `extendDashboardAddress` (dashboard session) alike. */
export const extendAddress: Handler<'extendAddress'> = async (request, _reply, deps) => ({
  success: true,
  new_expiry: await extend(deps.database.db, deps.config, request.account!.id, request.params.address, request.body?.expires_in),
});
