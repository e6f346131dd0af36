import type { Handler } from '../../http/handler.js';
import { clearSessionCookie } from '../../http/security.js';
import { endSession } from '../../services/sessions.js';

export const logOut: Handler<'logOut'> = async (request, reply, deps) => {
  await endSession(deps.database.db, request.session!.token);
  clearSessionCookie(request, reply);
  return { success: true, message: 'Logged out.' };
};
