import type { Handler } from '../../http/handler.js';
import { extendAddress as extend } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';

export const extendDashboardAddress: Handler<'extendDashboardAddress'> = async (request, _reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  return { success: true, new_expiry: await extend(deps.database.db, deps.config, account.id, request.params.address, request.body?.expires_in) };
};
