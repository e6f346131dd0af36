import type { AccountCaller, Handler, WithDefaults } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { previewMessageContent } from '../../mail/checks/checks.js';
import { messageCheckSubject } from '../../mail/messages.js';

/** Serves `getMessagePreview` (Developer key) and `getDashboardMessagePreview` (dashboard session) alike. */
export const getMessagePreview: Handler<'getMessagePreview', AccountCaller> = async (request, reply, ctx, caller) => {
  const { width, dark } = request.query as WithDefaults<typeof request.query, 'width' | 'dark'>;
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  const subject = await messageCheckSubject(ctx.database.db, address.id, request.params.id);
  const png = await previewMessageContent(ctx.database.db, ctx.previewer, subject, { width, dark });
  // A picture of a stranger's mail: never sniffed as anything else, and private to the caller.
  return reply.type('image/png').header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=300').send(png);
};
