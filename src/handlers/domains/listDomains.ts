import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { listDomainViews } from '../../mail/domains.js';

export const listDomains: Handler<'listDomains'> = async (request, _reply, deps) => {
  const page = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const { domains, count } = await listDomainViews(deps.database.db, deps.config, request.auth!.account.id, page);
  return { success: true, domains, count };
};
