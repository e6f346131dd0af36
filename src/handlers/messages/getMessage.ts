import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { getMessage as get } from '../../mail/messages.js';

/** Serves `getMessage` (Developer key) and `getDashboardMessage` (dashboard session) alike. */
export const getMessage: Handler<'getMessage', AccountCaller> = async (request, _reply, ctx, caller) => {
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  return { success: true, ...(await get(ctx.database.db, address.id, request.params.id)) };
};
