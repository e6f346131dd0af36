import { restrictedTo, type AccountCaller, type Handler } from '../../http/spec/handler.js';
import { createAddress as create } from '../../mail/addresses.js';

/** Serves `createAddress` (Developer key) and `createDashboardAddress` (dashboard session) alike. */
export const createAddress: Handler<'createAddress', AccountCaller> = async (request, reply, ctx, caller) => {
  const row = await create(ctx.database.db, ctx.config, caller.account.id, request.body ?? {}, new Date(), restrictedTo(caller));
  reply.code(201);
  return { success: true, email: row.address, domain: row.domain, prefix: row.local_part, expires_at: row.expires_at, created_at: row.created_at };
};
