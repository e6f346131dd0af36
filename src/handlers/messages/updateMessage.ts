import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { setMessageRead } from '../../mail/messages.js';

/** Serves `updateMessage` (Developer key) and `updateDashboardMessage` (dashboard session) alike. */
export const updateMessage: Handler<'updateMessage', AccountCaller> = async (request, _reply, ctx, caller) => {
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  return { success: true, ...(await setMessageRead(ctx.database.db, address.id, request.params.id, request.body.read)) };
};
