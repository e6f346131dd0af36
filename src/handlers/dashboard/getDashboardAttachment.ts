import { sendAttachment } from '../../http/downloads.js';
import type { Handler } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';
import { getAttachment as get } from '../../services/messages.js';

/** Always a download, never rendered in the dashboard's origin: `attachment`, nosniff and a sandboxing CSP. */
export const getDashboardAttachment: Handler<'getDashboardAttachment'> = async (request, reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  const address = await requireOwnAddress(deps.database.db, account.id, request.params.address);
  const file = await get(deps.database.db, address.id, request.params.id, request.params.attachment_id);
  return sendAttachment(reply, file, request.params.attachment_id);
};
