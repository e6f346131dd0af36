import type { Handler } from '../../http/spec/handler.js';
import { intakeBacklog } from '../../db/intake.js';
import { DomainError } from '../../platform/errors.js';

export const getReadiness: Handler<'getReadiness'> = async (request, _reply, ctx) => {
  const failed: string[] = [];
  if (ctx.lifecycle.shuttingDown) failed.push('the instance is shutting down');
  let intake = { queued: 0, lag_seconds: 0 };
  try {
    await ctx.database.ping();
    const pending = await ctx.database.pendingMigrations();
    if (pending.length > 0) failed.push(`migrations not applied: ${pending.join(', ')}`);
    else {
      // Reported, not judged: any instance's processors drain the queue, and SMTP pushes back past INTAKE_MAX_QUEUED.
      const backlog = await intakeBacklog(ctx.database.db);
      const lag = backlog.oldestAcceptedAt === null ? 0 : Math.max(0, (Date.now() - Date.parse(backlog.oldestAcceptedAt)) / 1000);
      intake = { queued: backlog.depth, lag_seconds: Math.round(lag * 1000) / 1000 };
    }
  } catch (err) {
    request.log.warn({ err }, 'readiness: database does not answer');
    failed.push('the database does not answer');
  }
  // Redis is shared state, not a requirement: without it the instance falls back (per-instance limits, wake-ups by
  // NOTIFY and the poll), so it stays ready and says Redis is degraded.
  let redis: 'ok' | 'degraded' | 'not_configured' = 'not_configured';
  if (ctx.redis) {
    try {
      if (ctx.redis.status !== 'ready') throw new Error(`not connected (${ctx.redis.status})`);
      // A connection that just went away would hold the command until ioredis gives up: bound the wait.
      await Promise.race([ctx.redis.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 1000).unref())]);
      redis = 'ok';
    } catch (err) {
      request.log.warn({ err }, 'readiness: redis does not answer (degraded)');
      redis = 'degraded';
    }
  }
  if (failed.length > 0) throw new DomainError('service_unavailable', `Not ready: ${failed.join('; ')}.`);
  return { status: 'ready' as const, checks: { database: 'ok' as const, migrations: 'ok' as const, redis }, intake };
};
