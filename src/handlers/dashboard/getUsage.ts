import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { usageReport } from '../../platform/usage.js';

export const getUsage: Handler<'getUsage'> = async (request, _reply, ctx, caller) => {
  const { days } = request.query as WithDefaults<typeof request.query, 'days'>;
  // This server's pending counts first, so a call made a moment ago shows up.
  await ctx.usage.flush();
  const operations = ctx.spec.operations.map((o) => ({ operationId: o.operationId, method: o.method, path: o.path }));
  return { success: true, ...(await usageReport(ctx.database.db, caller.account.id, days, operations)) };
};
