import type { Handler } from '../../http/spec/handler.js';
import { getFaultProfile } from '../../mail/faults.js';

export const getAddressFaults: Handler<'getAddressFaults'> = async (request, _reply, deps) =>
  getFaultProfile(deps.database.db, request.account!.id, request.params.address);
