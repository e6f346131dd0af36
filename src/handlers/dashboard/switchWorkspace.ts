import type { Handler } from '../../http/spec/handler.js';
import { sessionView } from '../../identity/session-view.js';
import { switchWorkspace as move } from '../../identity/sessions.js';

export const switchWorkspace: Handler<'switchWorkspace'> = async (request, _reply, ctx, caller) => {
  const moved = await move(ctx.database.db, caller.session, request.body.account_id);
  return { success: true, ...(await sessionView(ctx.database.db, ctx.config, moved, moved.session, request.hostname)) };
};
