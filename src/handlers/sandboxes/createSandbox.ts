import type { AccountCaller, Handler } from '../../http/spec/handler.js';
import { createSandbox as create } from '../../mail/sandboxes.js';

/** Serves `createSandbox` (Developer key) and `createDashboardSandbox` (dashboard session) alike. */
export const createSandbox: Handler<'createSandbox', AccountCaller> = async (request, reply, ctx, caller) => {
  const sandbox = await create(ctx.database.db, ctx.config, caller.account.id, request.body?.name);
  reply.code(201);
  return { success: true, sandbox };
};
