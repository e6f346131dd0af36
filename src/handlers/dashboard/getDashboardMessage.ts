import type { Handler } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';
import { getMessage as get } from '../../services/messages.js';

export const getDashboardMessage: Handler<'getDashboardMessage'> = async (request, _reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  const address = await requireOwnAddress(deps.database.db, account.id, request.params.address);
  return { success: true, ...(await get(deps.database.db, address.id, request.params.id)) };
};
