import type { Handler } from '../../http/spec/handler.js';
import { listKeys as list } from '../../identity/keys.js';

export const listKeys: Handler<'listKeys'> = async (_request, _reply, ctx, caller) => ({ success: true, keys: await list(ctx.database.db, caller.account.id) });
