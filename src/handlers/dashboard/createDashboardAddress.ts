import type { Handler } from '../../http/handler.js';
import { createAddress as create } from '../../services/addresses.js';
import { requireDeveloperPlan } from '../../services/dashboard.js';

export const createDashboardAddress: Handler<'createDashboardAddress'> = async (request, reply, deps) => {
  const account = request.session!.account;
  requireDeveloperPlan(deps.config, account, 'Addresses');
  const row = await create(deps.database.db, deps.config, account.id, request.body ?? {});
  reply.code(201);
  return { success: true, email: row.address, domain: row.domain, prefix: row.local_part, expires_at: row.expires_at, created_at: row.created_at };
};
