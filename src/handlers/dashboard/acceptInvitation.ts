import type { Handler } from '../../http/spec/handler.js';
import { sessionView } from '../../identity/session-view.js';
import { acceptInvitation as accept } from '../../identity/teams.js';

/** Joins the invitation's workspace; the session stays where it is (switchWorkspace moves it). */
export const acceptInvitation: Handler<'acceptInvitation'> = async (request, _reply, ctx, caller) => {
  const db = ctx.database.db;
  await accept(db, caller.session.person, request.body.token);
  return { success: true, ...(await sessionView(db, ctx.config, caller.session, caller.session.session, request.hostname)) };
};
