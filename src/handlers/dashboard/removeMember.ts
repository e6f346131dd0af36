import type { Handler } from '../../http/spec/handler.js';
import { removeMember as remove } from '../../identity/teams.js';

export const removeMember: Handler<'removeMember'> = async (request, _reply, ctx, caller) => {
  await remove(ctx.database.db, caller.session, request.params.member_id);
  return { success: true, message: request.params.member_id === caller.session.person.id ? 'You left the workspace.' : 'Member removed.' };
};
