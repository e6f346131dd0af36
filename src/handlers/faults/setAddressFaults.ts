import type { Handler } from '../../http/spec/handler.js';
import { putFaultProfile } from '../../mail/faults.js';

export const setAddressFaults: Handler<'setAddressFaults'> = async (request, _reply, ctx, caller) =>
  putFaultProfile(ctx.database.db, caller.account.id, request.params.address, request.body.rules);
