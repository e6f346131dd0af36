import type { Handler } from '../../http/spec/handler.js';
import { requireOwnAddress } from '../../mail/addresses.js';
import { setMessageRead } from '../../mail/messages.js';

/** Serves `updateMessage` (Developer key) and `updateDashboardMessage` (dashboard session) alike. */
export const updateMessage: Handler<'updateMessage'> = async (request, _reply, deps) => {
  const address = await requireOwnAddress(deps.database.db, request.account!.id, request.params.address);
  return { success: true, ...(await setMessageRead(deps.database.db, address.id, request.params.id, request.body.read)) };
};
