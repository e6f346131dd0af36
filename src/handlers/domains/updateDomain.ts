import type { Handler } from '../../http/spec/handler.js';
import { domainView, setDomainCatchAll } from '../../mail/domains.js';

export const updateDomain: Handler<'updateDomain'> = async (request, _reply, deps) => {
  const accountId = request.auth!.account.id;
  const { domain } = await setDomainCatchAll(deps.database.db, deps.config, accountId, request.params.domain, request.body.catch_all);
  return { success: true, ...domainView(domain, deps.config.smtpHostname) };
};
