import type { Handler, WithDefaults } from '../../http/handler.js';
import { listAddressViews } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';

export const listDashboardAddresses: Handler<'listDashboardAddresses'> = async (request, _reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  const page = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const { addresses, count } = await listAddressViews(deps.database.db, account.id, page);
  return { success: true, addresses, count };
};
