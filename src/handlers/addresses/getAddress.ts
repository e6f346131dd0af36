import type { Handler } from '../../http/spec/handler.js';
import { getAddressView } from '../../mail/addresses.js';

export const getAddress: Handler<'getAddress'> = async (request, _reply, ctx, caller) => ({
  success: true,
  ...(await getAddressView(ctx.database.db, caller.account.id, request.params.address)),
});
