import type { Handler } from '../../http/spec/handler.js';
import { getAddressView } from '../../mail/addresses.js';

export const getAddress: Handler<'getAddress'> = async (request, _reply, deps) => ({
  success: true,
  ...(await getAddressView(deps.database.db, request.auth!.account.id, request.params.address)),
});
