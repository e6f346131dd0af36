import type { Handler } from '../../http/spec/handler.js';
import { deleteDomain as remove } from '../../mail/domains.js';

export const deleteDomain: Handler<'deleteDomain'> = async (request, _reply, ctx, caller) => {
  const accountId = caller.account.id;
  const { domain, addresses } = await remove(ctx.database.db, accountId, request.params.domain);
  const n = addresses.length;
  return { success: true, message: `Domain ${domain} and its ${n} address${n === 1 ? '' : 'es'} were deleted.` };
};
