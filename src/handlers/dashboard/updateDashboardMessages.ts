import type { Handler } from '../../http/spec/handler.js';
import { applyToMessages } from '../../mail/inbox.js';

export const updateDashboardMessages: Handler<'updateDashboardMessages'> = async (request, _reply, ctx, caller) => {
  const { action, ids } = request.body;
  const result = await applyToMessages(ctx.database.db, caller.account.id, action, ids);
  return { success: true, action, affected: result.affected, not_found: result.notFound, message: result.message };
};
