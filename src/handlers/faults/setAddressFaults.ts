import type { Handler } from '../../http/spec/handler.js';
import { putFaultProfile } from '../../mail/faults.js';

export const setAddressFaults: Handler<'setAddressFaults'> = async (request, _reply, deps) =>
  putFaultProfile(deps.database.db, request.account!.id, request.params.address, request.body.rules);
