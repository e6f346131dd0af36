import type { Handler } from '../../http/spec/handler.js';
import { deleteAddress as remove } from '../../mail/addresses.js';

/** Serves `deleteAddress` (Developer key) and `deleteDashboardAddress` (dashboard session) alike. */
export const deleteAddress: Handler<'deleteAddress'> = async (request, _reply, deps) => {
  const account = request.account!;
  const { address, messages } = await remove(deps.database.db, account.id, request.params.address);
  return { success: true, message: `Address ${address} and its ${messages} message${messages === 1 ? '' : 's'} were deleted.` };
};
