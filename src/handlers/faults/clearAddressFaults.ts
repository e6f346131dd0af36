import type { Handler } from '../../http/handler.js';
import { clearFaultProfile } from '../../services/faults.js';

export const clearAddressFaults: Handler<'clearAddressFaults'> = async (request, _reply, deps) =>
  clearFaultProfile(deps.database.db, request.account!.id, request.params.address);
