import type { Handler, WithDefaults } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';
import { listMessages as list } from '../../services/messages.js';

export const listDashboardMessages: Handler<'listDashboardMessages'> = async (request, _reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  const page = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const address = await requireOwnAddress(deps.database.db, account.id, request.params.address);
  const { messages, count } = await list(deps.database.db, address.id, page);
  return { success: true, messages, count };
};
