import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { rotateSandbox as rotate } from '../../mail/sandboxes.js';

/** Serves `rotateSandbox` (Developer key) and `rotateDashboardSandbox` (dashboard session) alike. */
export const rotateSandbox: Handler<'rotateSandbox', AccountCaller> = async (request, _reply, ctx, caller) => {
  return { success: true, sandbox: await rotate(ctx.database.db, ctx.config, caller.account.id, request.params.id) };
};
