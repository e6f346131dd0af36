import type { Handler } from '../../http/spec/handler.js';
import { getSandboxView } from '../../mail/sandboxes.js';

export const getSandbox: Handler<'getSandbox'> = async (request, _reply, ctx, caller) => {
  return { success: true, sandbox: await getSandboxView(ctx.database.db, ctx.config, caller.account.id, request.params.id) };
};
