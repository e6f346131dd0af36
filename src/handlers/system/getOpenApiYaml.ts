import type { Handler } from '../../http/spec/handler.js';

export const getOpenApiYaml: Handler<'getOpenApiYaml'> = async (_request, reply, deps) =>
  reply.type('application/yaml; charset=utf-8').send(deps.spec.yaml);
