import type { AccountCaller, Handler, WithDefaults } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { listMessages as list } from '../../mail/messages.js';

/** Serves `listMessages` (Developer key) and `listDashboardMessages` (dashboard session) alike. */
export const listMessages: Handler<'listMessages', AccountCaller> = async (request, _reply, ctx, caller) => {
  const { limit, offset, subject, from, since, unread } = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  const { messages, count } = await list(ctx.database.db, address.id, { limit, offset }, { subject, from, since, unread });
  return { success: true, messages, count };
};
