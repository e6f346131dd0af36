import { sendRawSource } from '../../http/downloads.js';
import type { Handler } from '../../http/spec/handler.js';
import { requireOwnAddress } from '../../mail/addresses.js';
import { getMessageRaw as raw } from '../../mail/messages.js';

/** Serves `getMessageRaw` (Developer key) and `getDashboardMessageRaw` (dashboard session) alike. */
export const getMessageRaw: Handler<'getMessageRaw'> = async (request, reply, deps) => {
  const address = await requireOwnAddress(deps.database.db, request.account!.id, request.params.address);
  const source = await raw(deps.database.db, address.id, request.params.id);
  return sendRawSource(reply, request.params.id, source);
};
