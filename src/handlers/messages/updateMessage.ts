import type { Handler } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { setMessageRead } from '../../services/messages.js';

/** Serves `updateMessage` (Developer key) and `updateDashboardMessage` (dashboard session) alike. */
export const updateMessage: Handler<'updateMessage'> = async (request, _reply, deps) => {
  const address = await requireOwnAddress(deps.database.db, request.account!.id, request.params.address);
  return { success: true, ...(await setMessageRead(deps.database.db, address.id, request.params.id, request.body.read)) };
};
