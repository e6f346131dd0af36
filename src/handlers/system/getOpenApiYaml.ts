import type { Handler } from '../../http/handler.js';

export const getOpenApiYaml: Handler<'getOpenApiYaml'> = async (_request, reply, deps) =>
  reply.type('application/yaml; charset=utf-8').send(deps.spec.yaml);
