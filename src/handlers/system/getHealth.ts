import type { Handler } from '../../http/spec/handler.js';
import { DomainError } from '../../platform/errors.js';

export const getHealth: Handler<'getHealth'> = async (request, _reply, ctx) => {
  try {
    await ctx.database.ping();
  } catch (err) {
    request.log.error({ err }, 'health check: database does not answer');
    throw new DomainError('service_unavailable', 'The database does not answer.');
  }
  return { status: 'ok', database: ctx.database.dialect, version: ctx.version };
};
