import type { AccountCaller, Handler, WithDefaults } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { checkMessageContent } from '../../mail/checks/checks.js';
import { messageCheckSubject } from '../../mail/messages.js';

/** Serves `checkMessage` (Developer key) and `checkDashboardMessage` (dashboard session) alike. */
export const checkMessage: Handler<'checkMessage', AccountCaller> = async (request, _reply, ctx, caller) => {
  const { refresh, links, client } = request.query as WithDefaults<typeof request.query, 'refresh' | 'links'>;
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  const subject = await messageCheckSubject(ctx.database.db, address.id, request.params.id);
  const checks = await checkMessageContent({ db: ctx.database.db, config: ctx.config, htmlChecker: ctx.htmlChecker }, subject, { refresh, links, clients: client });
  return { success: true, checks };
};
