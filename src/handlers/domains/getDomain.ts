import type { Handler } from '../../http/spec/handler.js';
import { domainView, requireOwnDomain } from '../../mail/domains.js';

export const getDomain: Handler<'getDomain'> = async (request, _reply, deps) => {
  const row = await requireOwnDomain(deps.database.db, request.auth!.account.id, request.params.domain);
  return { success: true, ...domainView(row, deps.config.smtpHostname) };
};
