import { restrictedTo, type AccountCaller, type Handler, type WithDefaults } from '../../http/spec/handler.js';
import { listAddressViews } from '../../mail/addresses.js';

/** Serves `listAddresses` (Developer key) and `listDashboardAddresses` (dashboard session) alike. */
export const listAddresses: Handler<'listAddresses', AccountCaller> = async (request, _reply, ctx, caller) => {
  const page = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const { addresses, count } = await listAddressViews(ctx.database.db, caller.account.id, page, restrictedTo(caller));
  return { success: true, addresses, count };
};
