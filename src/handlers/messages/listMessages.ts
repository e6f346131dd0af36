import type { Handler, WithDefaults } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { listMessages as list } from '../../services/messages.js';

export const listMessages: Handler<'listMessages'> = async (request, _reply, deps) => {
  const page = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const address = await requireOwnAddress(deps.database.db, request.auth!.account.id, request.params.address);
  const { messages, count } = await list(deps.database.db, address.id, page);
  return { success: true, messages, count };
};
