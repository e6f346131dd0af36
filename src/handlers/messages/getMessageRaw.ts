import { sendRawSource } from '../../http/downloads.js';
import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { getMessageRaw as raw } from '../../mail/messages.js';

/** Serves `getMessageRaw` (Developer key) and `getDashboardMessageRaw` (dashboard session) alike. */
export const getMessageRaw: Handler<'getMessageRaw', AccountCaller> = async (request, reply, ctx, caller) => {
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  const source = await raw(ctx.database.db, address.id, request.params.id);
  return sendRawSource(reply, request.params.id, source);
};
