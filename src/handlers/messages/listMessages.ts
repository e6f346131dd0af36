import type { AccountCaller, Handler, SuccessBody, WithDefaults } from '../../http/spec/handler.js';
import { KEPT_ANSWERS_SIZE, keptAnswers } from '../../http/kept-answers.js';
import { listMailboxMessages } from '../../mail/messages.js';

/** A listed message is under a kilobyte of JSON unless its codes and links are many. */
const kept = keptAnswers<SuccessBody<'listMessages'>>(KEPT_ANSWERS_SIZE, (answer) => 200 + answer.messages.length * 1000);

/** Serves `listMessages` (Developer key) and `listDashboardMessages` (dashboard session) alike. */
export const listMessages: Handler<'listMessages', AccountCaller> = async (request, _reply, ctx, caller) => {
  const { limit, offset, subject, from, since, unread } = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const key = JSON.stringify([caller.account.id, request.params.address, limit, offset, subject, from, since, unread]);
  return kept.get(ctx.database.db, key, async () => {
    const { messages, count } = await listMailboxMessages(ctx.database.db, caller.account.id, request.params.address, { limit, offset }, { subject, from, since, unread });
    return { success: true, messages, count };
  });
};
