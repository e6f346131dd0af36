import { sendAttachment } from '../../http/downloads.js';
import type { Handler } from '../../http/spec/handler.js';
import { requireOwnAddress } from '../../mail/addresses.js';
import { getAttachment as get } from '../../mail/messages.js';

/** Always a download: the declared type is kept, but `attachment` + nosniff stop a browser rendering it inline. */
export const getAttachment: Handler<'getAttachment'> = async (request, reply, deps) => {
  const address = await requireOwnAddress(deps.database.db, request.account!.id, request.params.address);
  const file = await get(deps.database.db, address.id, request.params.id, request.params.attachment_id);
  return sendAttachment(reply, file, request.params.attachment_id);
};
