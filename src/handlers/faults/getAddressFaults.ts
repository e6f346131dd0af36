import type { Handler } from '../../http/handler.js';
import { getFaultProfile } from '../../services/faults.js';

export const getAddressFaults: Handler<'getAddressFaults'> = async (request, _reply, deps) =>
  getFaultProfile(deps.database.db, request.account!.id, request.params.address);
