import { sendAttachment } from '../../http/downloads.js';
import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { getAttachment as get } from '../../mail/messages.js';

/** Always a download: the declared type is kept, but `attachment` + nosniff stop a browser rendering it inline. */
export const getAttachment: Handler<'getAttachment', AccountCaller> = async (request, reply, ctx, caller) => {
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  const file = await get(ctx.database.db, address.id, request.params.id, request.params.attachment_id);
  return sendAttachment(reply, file, request.params.attachment_id);
};
