import type { Handler } from '../../http/spec/handler.js';
import { domainView, setDomainCatchAll } from '../../mail/domains.js';

export const updateDomain: Handler<'updateDomain'> = async (request, _reply, ctx, caller) => {
  const accountId = caller.account.id;
  const { domain } = await setDomainCatchAll(ctx.database.db, ctx.config, accountId, request.params.domain, request.body.catch_all);
  return { success: true, ...domainView(domain, ctx.config.smtpHostname) };
};
