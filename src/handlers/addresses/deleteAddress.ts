import type { Handler } from '../../http/handler.js';
import { deleteAddress as remove } from '../../services/addresses.js';

export const deleteAddress: Handler<'deleteAddress'> = async (request, _reply, deps) => {
  const account = request.auth!.account;
  const { address, addressId, messages } = await remove(deps.database.db, account.id, request.params.address);
  deps.events.publish({ type: 'address.deleted', accountId: account.id, addressId, address, at: new Date().toISOString() });
  return { success: true, message: `Address ${address} and its ${messages} message${messages === 1 ? '' : 's'} were deleted.` };
};
