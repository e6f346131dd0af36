import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { listDomainViews } from '../../mail/domains.js';

export const listDomains: Handler<'listDomains'> = async (request, _reply, ctx, caller) => {
  const page = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const { domains, count } = await listDomainViews(ctx.database.db, ctx.config, caller.account.id, page);
  return { success: true, domains, count };
};
