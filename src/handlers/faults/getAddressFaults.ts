import type { Handler } from '../../http/spec/handler.js';
import { getFaultProfile } from '../../mail/faults.js';

export const getAddressFaults: Handler<'getAddressFaults'> = async (request, _reply, ctx, caller) =>
  getFaultProfile(ctx.database.db, caller.account.id, request.params.address);
