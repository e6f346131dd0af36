import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { extendAddress as extend } from '../../mail/addresses.js';

/** Serves `extendAddress` (Developer key) and `extendDashboardAddress` (dashboard session) alike. */
export const extendAddress: Handler<'extendAddress', AccountCaller> = async (request, _reply, ctx, caller) => ({
  success: true,
  new_expiry: await extend(ctx.database.db, ctx.config, caller.account.id, request.params.address, request.body?.expires_in),
});
