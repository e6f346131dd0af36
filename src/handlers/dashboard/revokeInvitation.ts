import type { Handler } from '../../http/spec/handler.js';
import { revokeInvitation as revoke } from '../../identity/teams.js';

export const revokeInvitation: Handler<'revokeInvitation'> = async (request, _reply, ctx, caller) => {
  await revoke(ctx.database.db, caller.session, request.params.invitation_id);
  return { success: true, message: 'Invitation withdrawn.' };
};
