import type { Handler } from '../../http/spec/handler.js';

export const getMetrics: Handler<'getMetrics'> = async (_request, reply, ctx) =>
  reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
