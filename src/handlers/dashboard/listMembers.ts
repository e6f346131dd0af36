import type { Handler } from '../../http/spec/handler.js';
import { listMembers as list } from '../../identity/teams.js';

export const listMembers: Handler<'listMembers'> = async (_request, _reply, ctx, caller) => ({ success: true, ...(await list(ctx.database.db, caller.account.id)) });
