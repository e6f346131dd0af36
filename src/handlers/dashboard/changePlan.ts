import type { Handler } from '../../http/spec/handler.js';
import { changePlan as change } from '../../identity/accounts.js';
import { assertSelfServePlans } from '../../identity/plans.js';
import { sessionView } from '../../identity/session-view.js';

export const changePlan: Handler<'changePlan'> = async (request, _reply, ctx, caller) => {
  const seat = caller.session;
  assertSelfServePlans(ctx.config, seat.account);
  const updated = await change(ctx.database.db, seat.account.email, request.body.plan);
  return { success: true, ...(await sessionView(ctx.database.db, ctx.config, { ...seat, account: updated }, seat.session, request.hostname)) };
};
