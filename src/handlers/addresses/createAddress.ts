import type { Handler } from '../../http/spec/handler.js';
import { createAddress as create } from '../../mail/addresses.js';

/** Serves `createAddress` (Developer key) and `createDashboardAddress` (dashboard session) alike. */
export const createAddress: Handler<'createAddress'> = async (request, reply, deps) => {
  const row = await create(deps.database.db, deps.config, request.account!.id, request.body ?? {});
  reply.code(201);
  return { success: true, email: row.address, domain: row.domain, prefix: row.local_part, expires_at: row.expires_at, created_at: row.created_at };
};
