import type { Handler } from '../../http/spec/handler.js';

export const getMetrics: Handler<'getMetrics'> = async (_request, reply, deps) =>
  reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
