import type { Handler } from '../../http/spec/handler.js';
import { changePlan as change } from '../../identity/accounts.js';
import { assertSelfServePlans } from '../../identity/plans.js';
import { sessionView } from '../../identity/session-view.js';

export const changePlan: Handler<'changePlan'> = async (request, _reply, ctx, caller) => {
  const { account, session } = caller.session;
  assertSelfServePlans(ctx.config, account);
  const updated = await change(ctx.database.db, account.email, request.body.plan);
  return { success: true, ...sessionView(ctx.config, updated, session, request.hostname) };
};
