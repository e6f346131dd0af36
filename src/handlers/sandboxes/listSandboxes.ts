import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { listSandboxViews } from '../../mail/sandboxes.js';

/** Serves `listSandboxes` (Developer key) and `listDashboardSandboxes` (dashboard session) alike. */
export const listSandboxes: Handler<'listSandboxes', AccountCaller> = async (_request, _reply, ctx, caller) => {
  return { success: true, sandboxes: await listSandboxViews(ctx.database.db, ctx.config, caller.account.id) };
};
