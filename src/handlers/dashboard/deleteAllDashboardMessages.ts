import type { Handler } from '../../http/spec/handler.js';
import { deleteAllMessages } from '../../mail/inbox.js';

export const deleteAllDashboardMessages: Handler<'deleteAllDashboardMessages'> = async (request, _reply, ctx, caller) => {
  const { address, deleted } = await deleteAllMessages(ctx.database.db, caller.account.id, request.params.address);
  return { success: true, message: `The ${deleted} message${deleted === 1 ? '' : 's'} of ${address} ${deleted === 1 ? 'was' : 'were'} deleted.` };
};
