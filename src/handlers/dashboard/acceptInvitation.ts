import type { Handler } from '../../http/spec/handler.js';
import { sessionView } from '../../identity/session-view.js';
import { switchWorkspace } from '../../identity/sessions.js';
import { acceptInvitation as accept } from '../../identity/teams.js';

/** Joins the invitation's workspace and moves the session there. */
export const acceptInvitation: Handler<'acceptInvitation'> = async (request, _reply, ctx, caller) => {
  const db = ctx.database.db;
  const { account } = await accept(db, caller.session.person, request.body.token);
  const moved = await switchWorkspace(db, caller.session, account.id);
  return { success: true, ...(await sessionView(db, ctx.config, moved, moved.session, request.hostname)) };
};
