import type { Handler } from '../../http/spec/handler.js';
import { requireOwnAddress } from '../../mail/addresses.js';
import { deleteMessage as remove } from '../../mail/messages.js';

/** Serves `deleteMessage` (Developer key) and `deleteDashboardMessage` (dashboard session) alike. */
export const deleteMessage: Handler<'deleteMessage'> = async (request, _reply, deps) => {
  const address = await requireOwnAddress(deps.database.db, request.account!.id, request.params.address);
  await remove(deps.database.db, address.id, request.params.id);
  return { success: true, message: `Message ${request.params.id} was deleted.` };
};
