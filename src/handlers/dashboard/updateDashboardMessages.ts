import type { Handler } from '../../http/handler.js';
import { applyToMessages } from '../../services/inbox.js';

export const updateDashboardMessages: Handler<'updateDashboardMessages'> = async (request, _reply, deps) => {
  const { action, ids } = request.body;
  const result = await applyToMessages(deps.database.db, request.account!.id, action, ids);
  return { success: true, action, affected: result.affected, not_found: result.notFound, message: result.message };
};
