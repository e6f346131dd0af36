import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { deleteMessage as remove } from '../../mail/messages.js';

/** Serves `deleteMessage` (Developer key) and `deleteDashboardMessage` (dashboard session) alike. */
export const deleteMessage: Handler<'deleteMessage', AccountCaller> = async (request, _reply, ctx, caller) => {
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  await remove(ctx.database.db, address.id, request.params.id);
  return { success: true, message: `Message ${request.params.id} was deleted.` };
};
