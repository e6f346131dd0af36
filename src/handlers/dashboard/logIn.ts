import type { Handler } from '../../http/spec/handler.js';
import { assertSameOrigin, setSessionCookie } from '../../http/plugins/security.js';
import { logIn as checkCredentials } from '../../identity/credentials.js';
import { sessionView } from '../../identity/session-view.js';
import { startSession } from '../../identity/sessions.js';

export const logIn: Handler<'logIn'> = async (request, reply, ctx) => {
  assertSameOrigin(request);
  const db = ctx.database.db;
  const ttl = ctx.config.dashboard.sessionTtlSeconds;
  const account = await checkCredentials(db, request.body.email, request.body.password);
  const { token, session } = await startSession(db, account.id, ttl);
  setSessionCookie(request, reply, token, ttl);
  return { success: true, ...sessionView(ctx.config, account, session, request.hostname) };
};
