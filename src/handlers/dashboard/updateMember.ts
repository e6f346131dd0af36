import type { Handler } from '../../http/spec/handler.js';
import { updateMember as update } from '../../identity/teams.js';

export const updateMember: Handler<'updateMember'> = async (request, _reply, ctx, caller) => ({
  success: true,
  member: await update(ctx.database.db, caller.session, request.params.member_id, request.body.role),
});
