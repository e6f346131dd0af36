import type { Handler } from '../../http/spec/handler.js';
import { changePlan as change } from '../../identity/accounts.js';
import { assertSelfServePlans } from '../../identity/plans.js';
import { sessionView } from '../../identity/session-view.js';

export const changePlan: Handler<'changePlan'> = async (request, _reply, deps) => {
  const { account, session } = request.session!;
  assertSelfServePlans(deps.config, account);
  const updated = await change(deps.database.db, account.email, request.body.plan);
  return { success: true, ...sessionView(deps.config, updated, session, request.hostname) };
};
