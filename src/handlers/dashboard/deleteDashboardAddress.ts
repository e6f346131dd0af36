import type { Handler } from '../../http/handler.js';
import { deleteAddress as remove } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';

export const deleteDashboardAddress: Handler<'deleteDashboardAddress'> = async (request, _reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  const { address, messages } = await remove(deps.database.db, account.id, request.params.address);
  return { success: true, message: `Address ${address} and its ${messages} message${messages === 1 ? '' : 's'} were deleted.` };
};
