import type { Handler } from '../../http/spec/handler.js';
import { verifyDomain as verify } from '../../mail/domains.js';

export const verifyDomain: Handler<'verifyDomain'> = async (request, _reply, ctx, caller) => {
  const policy = { ...ctx.config, timeoutMs: ctx.config.verify.timeoutMs };
  return { success: true, ...(await verify(ctx.database.db, ctx.dns, policy, caller.account.id, request.params.domain)) };
};
