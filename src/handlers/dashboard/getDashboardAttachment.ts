import type { Handler } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';
import { contentDisposition, getAttachment as get } from '../../services/messages.js';

/** Always a download, never rendered in the dashboard's origin: `attachment`, nosniff and a sandboxing CSP. */
export const getDashboardAttachment: Handler<'getDashboardAttachment'> = async (request, reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  const address = await requireOwnAddress(deps.database.db, account.id, request.params.address);
  const file = await get(deps.database.db, address.id, request.params.id, request.params.attachment_id);
  return reply
    .type(file.content_type || 'application/octet-stream')
    .header('content-disposition', contentDisposition(file.filename, `${request.params.attachment_id}.bin`))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.content);
};
