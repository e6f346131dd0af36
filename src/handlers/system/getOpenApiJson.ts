import type { Handler } from '../../http/spec/handler.js';

export const getOpenApiJson: Handler<'getOpenApiJson'> = async (_request, _reply, ctx) => ctx.spec.document;
