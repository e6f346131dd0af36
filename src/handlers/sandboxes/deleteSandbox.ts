import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { deleteSandbox as remove } from '../../mail/sandboxes.js';

/** Serves `deleteSandbox` (Developer key) and `deleteDashboardSandbox` (dashboard session) alike. */
export const deleteSandbox: Handler<'deleteSandbox', AccountCaller> = async (request, _reply, ctx, caller) => {
  await remove(ctx.database.db, caller.account.id, request.params.id);
  return { success: true, message: `Sandbox ${request.params.id} was deleted with its mail.` };
};
