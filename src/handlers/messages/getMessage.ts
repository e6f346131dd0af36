import type { Handler } from '../../http/spec/handler.js';
import { requireOwnAddress } from '../../mail/addresses.js';
import { getMessage as get } from '../../mail/messages.js';

/** Serves `getMessage` (Developer key) and `getDashboardMessage` (dashboard session) alike. */
export const getMessage: Handler<'getMessage'> = async (request, _reply, deps) => {
  const address = await requireOwnAddress(deps.database.db, request.account!.id, request.params.address);
  return { success: true, ...(await get(deps.database.db, address.id, request.params.id)) };
};
