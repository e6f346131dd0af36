import type { AccountCaller, Handler, SuccessBody } from '../../http/spec/handler.js';
import { KEPT_ANSWERS_SIZE, keptAnswers } from '../../http/kept-answers.js';
import { getMailboxMessage } from '../../mail/messages.js';

const kept = keptAnswers<SuccessBody<'getMessage'>>(KEPT_ANSWERS_SIZE, (answer) => 1000 + (answer.text?.length ?? 0) + (answer.html?.length ?? 0));

/** Serves `getMessage` (Developer key) and `getDashboardMessage` (dashboard session) alike. */
export const getMessage: Handler<'getMessage', AccountCaller> = async (request, _reply, ctx, caller) => {
  const key = JSON.stringify([caller.account.id, request.params.address, request.params.id]);
  return kept.get(ctx.database.db, key, async () => ({
    success: true,
    ...(await getMailboxMessage(ctx.database.db, caller.account.id, request.params.address, request.params.id)),
  }));
};
