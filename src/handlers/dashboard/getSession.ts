import type { Handler } from '../../http/spec/handler.js';
import { sessionView } from '../../identity/session-view.js';

export const getSession: Handler<'getSession'> = async (request, _reply, ctx, caller) => {
  const { account, session } = caller.session;
  return { success: true, ...sessionView(ctx.config, account, session, request.hostname) };
};
