import type { Handler } from '../../http/spec/handler.js';
import { assertSameOrigin, setSessionCookie } from '../../http/plugins/security.js';
import { signUp as createWithPassword } from '../../identity/credentials.js';
import { sessionView } from '../../identity/session-view.js';
import { startSession } from '../../identity/sessions.js';

export const signUp: Handler<'signUp'> = async (request, reply, ctx) => {
  assertSameOrigin(request);
  const db = ctx.database.db;
  const ttl = ctx.config.dashboard.sessionTtlSeconds;
  const seat = await createWithPassword(db, ctx.config.dashboard.passwordHashCost, request.body.email, request.body.password, request.body.invitation);
  const { token, session } = await startSession(db, seat.account.id, seat.person.id, ttl);
  setSessionCookie(request, reply, token, ttl);
  reply.code(201);
  return { success: true, ...(await sessionView(db, ctx.config, seat, session, request.hostname)) };
};
