import type { Handler } from '../../http/spec/handler.js';
import { addDomain as add, domainView } from '../../mail/domains.js';

export const addDomain: Handler<'addDomain'> = async (request, reply, ctx, caller) => {
  const row = await add(ctx.database.db, ctx.config, caller.account.id, request.body.domain);
  reply.code(201);
  return { success: true, ...domainView(row, ctx.config.smtpHostname) };
};
