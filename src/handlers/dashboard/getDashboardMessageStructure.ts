import type { Handler } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { messageStructure } from '../../mail/inbox.js';

export const getDashboardMessageStructure: Handler<'getDashboardMessageStructure'> = async (request, _reply, ctx, caller) => {
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  return { success: true, ...(await messageStructure(ctx.database.db, address.id, request.params.id)) };
};
