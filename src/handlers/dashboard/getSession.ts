import type { Handler } from '../../http/spec/handler.js';
import { sessionView } from '../../identity/session-view.js';

export const getSession: Handler<'getSession'> = async (request, _reply, deps) => {
  const { account, session } = request.session!;
  return { success: true, ...sessionView(deps.config, account, session, request.hostname) };
};
