import type { Handler } from '../../http/spec/handler.js';
import { assertSameOrigin, setSessionCookie } from '../../http/plugins/security.js';
import { signUp as createWithPassword } from '../../identity/credentials.js';
import { sessionView } from '../../identity/session-view.js';
import { startSession } from '../../identity/sessions.js';

export const signUp: Handler<'signUp'> = async (request, reply, ctx) => {
  assertSameOrigin(request);
  const db = ctx.database.db;
  const ttl = ctx.config.dashboard.sessionTtlSeconds;
  const account = await createWithPassword(db, request.body.email, request.body.password);
  const { token, session } = await startSession(db, account.id, ttl);
  setSessionCookie(request, reply, token, ttl);
  reply.code(201);
  return { success: true, ...sessionView(ctx.config, account, session, request.hostname) };
};
