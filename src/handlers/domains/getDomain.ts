import type { Handler } from '../../http/spec/handler.js';
import { domainView, requireOwnDomain } from '../../mail/domains.js';

export const getDomain: Handler<'getDomain'> = async (request, _reply, ctx, caller) => {
  const row = await requireOwnDomain(ctx.database.db, caller.account.id, request.params.domain);
  return { success: true, ...domainView(row, ctx.config.smtpHostname) };
};
