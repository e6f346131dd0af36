import type { Handler } from '../../http/spec/handler.js';
import { requireOwnAddress } from '../../mail/addresses.js';
import { messageStructure } from '../../mail/inbox.js';

export const getDashboardMessageStructure: Handler<'getDashboardMessageStructure'> = async (request, _reply, deps) => {
  const address = await requireOwnAddress(deps.database.db, request.account!.id, request.params.address);
  return { success: true, ...(await messageStructure(deps.database.db, address.id, request.params.id)) };
};
