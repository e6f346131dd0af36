import type { Handler } from '../../http/spec/handler.js';
import { clearFaultProfile } from '../../mail/faults.js';

export const clearAddressFaults: Handler<'clearAddressFaults'> = async (request, _reply, ctx, caller) =>
  clearFaultProfile(ctx.database.db, caller.account.id, request.params.address);
