import type { Handler } from '../../http/spec/handler.js';
import { deleteDomain as remove } from '../../mail/domains.js';

export const deleteDomain: Handler<'deleteDomain'> = async (request, _reply, deps) => {
  const accountId = request.auth!.account.id;
  const { domain, addresses } = await remove(deps.database.db, accountId, request.params.domain);
  const n = addresses.length;
  return { success: true, message: `Domain ${domain} and its ${n} address${n === 1 ? '' : 'es'} were deleted.` };
};
