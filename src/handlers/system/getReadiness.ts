import type { Handler } from '../../http/spec/handler.js';
import { DomainError } from '../../platform/errors.js';

export const getReadiness: Handler<'getReadiness'> = async (request, _reply, ctx) => {
  const failed: string[] = [];
  if (ctx.lifecycle.shuttingDown) failed.push('the instance is shutting down');
  try {
    await ctx.database.ping();
    const pending = await ctx.database.pendingMigrations();
    if (pending.length > 0) failed.push(`migrations not applied: ${pending.join(', ')}`);
  } catch (err) {
    request.log.warn({ err }, 'readiness: database does not answer');
    failed.push('the database does not answer');
  }
  if (ctx.redis) {
    try {
      // Without a connection, ioredis would queue the command: bound the wait.
      await Promise.race([ctx.redis.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref())]);
    } catch (err) {
      request.log.warn({ err }, 'readiness: redis does not answer');
      failed.push('Redis does not answer');
    }
  }
  if (failed.length > 0) throw new DomainError('service_unavailable', `Not ready: ${failed.join('; ')}.`);
  return { status: 'ready' as const, checks: { database: 'ok' as const, migrations: 'ok' as const, redis: ctx.redis ? ('ok' as const) : ('not_configured' as const) } };
};
