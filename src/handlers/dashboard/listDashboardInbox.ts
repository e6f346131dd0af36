import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { listInbox } from '../../mail/inbox.js';

export const listDashboardInbox: Handler<'listDashboardInbox'> = async (request, _reply, ctx, caller) => {
  const { limit, offset, q, unread, has_attachments, address } = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const inbox = await listInbox(ctx.database.db, caller.account.id, { limit, offset }, { q, unread, hasAttachments: has_attachments, address });
  return { success: true, ...inbox };
};
