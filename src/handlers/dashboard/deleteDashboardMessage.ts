import type { Handler } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';
import { deleteMessage as remove } from '../../services/messages.js';

export const deleteDashboardMessage: Handler<'deleteDashboardMessage'> = async (request, _reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  const address = await requireOwnAddress(deps.database.db, account.id, request.params.address);
  await remove(deps.database.db, address.id, request.params.id);
  return { success: true, message: `Message ${request.params.id} was deleted.` };
};
