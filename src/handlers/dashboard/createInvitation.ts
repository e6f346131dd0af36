import type { Handler } from '../../http/spec/handler.js';
import { createInvitation as create } from '../../identity/teams.js';

export const createInvitation: Handler<'createInvitation'> = async (request, reply, ctx, caller) => {
  const { invitation, token } = await create(ctx.database.db, caller.session, request.body);
  // The dashboard's own address, as the browser reached it (PUBLIC_URL when the operator set one).
  const base = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  reply.code(201);
  return { success: true, invitation, token, url: `${base.replace(/\/$/, '')}/invite#${token}` };
};
