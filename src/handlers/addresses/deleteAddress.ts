import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { deleteAddress as remove } from '../../mail/addresses.js';

/** Serves `deleteAddress` (Developer key) and `deleteDashboardAddress` (dashboard session) alike. */
export const deleteAddress: Handler<'deleteAddress', AccountCaller> = async (request, _reply, ctx, caller) => {
  const account = caller.account;
  const { address, messages } = await remove(ctx.database.db, account.id, request.params.address);
  return { success: true, message: `Address ${address} and its ${messages} message${messages === 1 ? '' : 's'} were deleted.` };
};
