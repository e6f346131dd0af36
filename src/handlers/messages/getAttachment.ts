import type { Handler } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { contentDisposition, getAttachment as get } from '../../services/messages.js';

/** Always a download: the declared type is kept, but `attachment` + nosniff stop a browser rendering it inline. */
export const getAttachment: Handler<'getAttachment'> = async (request, reply, deps) => {
  const address = await requireOwnAddress(deps.database.db, request.auth!.account.id, request.params.address);
  const file = await get(deps.database.db, address.id, request.params.id, request.params.attachment_id);
  return reply
    .type(file.content_type || 'application/octet-stream')
    .header('content-disposition', contentDisposition(file.filename, `${request.params.attachment_id}.bin`))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.content);
};
