import type { Handler } from '../../http/spec/handler.js';
import { clearFaultProfile } from '../../mail/faults.js';

export const clearAddressFaults: Handler<'clearAddressFaults'> = async (request, _reply, deps) =>
  clearFaultProfile(deps.database.db, request.account!.id, request.params.address);
