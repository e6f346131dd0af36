import { sendRawSource } from '../../http/downloads.js';
import type { Handler } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';
import { getMessageRaw as raw } from '../../services/messages.js';

export const getDashboardMessageRaw: Handler<'getDashboardMessageRaw'> = async (request, reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  const address = await requireOwnAddress(deps.database.db, account.id, request.params.address);
  const source = await raw(deps.database.db, address.id, request.params.id);
  return sendRawSource(reply, request.params.id, source);
};
