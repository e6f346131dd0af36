import type { Handler } from '../../http/spec/handler.js';
import { addDomain as add, domainView } from '../../mail/domains.js';

export const addDomain: Handler<'addDomain'> = async (request, reply, deps) => {
  const row = await add(deps.database.db, deps.config, request.auth!.account.id, request.body.domain);
  reply.code(201);
  return { success: true, ...domainView(row, deps.config.smtpHostname) };
};
