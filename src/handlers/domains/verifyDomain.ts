import type { Handler } from '../../http/spec/handler.js';
import { verifyDomain as verify } from '../../mail/domains.js';

export const verifyDomain: Handler<'verifyDomain'> = async (request, _reply, deps) => {
  const policy = { ...deps.config, timeoutMs: deps.config.verify.timeoutMs };
  return { success: true, ...(await verify(deps.database.db, deps.dns, policy, request.auth!.account.id, request.params.domain)) };
};
