import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { listAddressViews } from '../../mail/addresses.js';

/** Serves `listAddresses` (Developer key) and `listDashboardAddresses` (dashboard session) alike. */
export const listAddresses: Handler<'listAddresses'> = async (request, _reply, deps) => {
  const page = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const { addresses, count } = await listAddressViews(deps.database.db, request.account!.id, page);
  return { success: true, addresses, count };
};
