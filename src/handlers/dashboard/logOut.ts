import type { Handler } from '../../http/spec/handler.js';
import { clearSessionCookie } from '../../http/plugins/security.js';
import { endSession } from '../../identity/sessions.js';

export const logOut: Handler<'logOut'> = async (request, reply, ctx, caller) => {
  await endSession(ctx.database.db, caller.session.token);
  clearSessionCookie(request, reply);
  return { success: true, message: 'Logged out.' };
};
