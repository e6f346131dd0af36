import type { Handler } from '../../http/handler.js';
import { sessionView } from '../../services/dashboard.js';

export const getSession: Handler<'getSession'> = async (request, _reply, deps) => {
  const { account, session } = request.session!;
  return { success: true, ...sessionView(deps.config, account, session, request.hostname) };
};
