import type { Handler } from '../../http/handler.js';
import { verifyDomain as verify } from '../../services/domains.js';

export const verifyDomain: Handler<'verifyDomain'> = async (request, _reply, deps) => {
  const policy = { ...deps.config, timeoutMs: deps.config.verify.timeoutMs };
  return { success: true, ...(await verify(deps.database.db, deps.dns, policy, request.auth!.account.id, request.params.domain)) };
};
