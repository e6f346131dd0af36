import type { Handler } from '../../http/spec/handler.js';
import { sessionView } from '../../identity/session-view.js';

export const getSession: Handler<'getSession'> = async (request, _reply, ctx, caller) =>
  ({ success: true, ...(await sessionView(ctx.database.db, ctx.config, caller.session, caller.session.session, request.hostname)) });
