import type { Handler } from '../../http/spec/handler.js';

export const getOpenApiYaml: Handler<'getOpenApiYaml'> = async (_request, reply, ctx) =>
  reply.type('application/yaml; charset=utf-8').send(ctx.spec.yaml);
