import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { usageReport } from '../../platform/usage.js';

export const getUsage: Handler<'getUsage'> = async (request, _reply, deps) => {
  const { days } = request.query as WithDefaults<typeof request.query, 'days'>;
  // This server's pending counts first, so a call made a moment ago shows up.
  await deps.usage.flush();
  const operations = deps.spec.operations.map((o) => ({ operationId: o.operationId, method: o.method, path: o.path }));
  return { success: true, ...(await usageReport(deps.database.db, request.session!.account.id, days, operations)) };
};
