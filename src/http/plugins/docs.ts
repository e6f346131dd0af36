import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import type { LoadedSpec } from '../spec/spec.js';

/** The API reference at /docs (Swagger UI over openapi.yaml as it is, not a document rebuilt from the routes). */
export const docsPlugin = fp<{ spec: LoadedSpec }>(
  async (app, { spec }) => {
    await app.register(swagger, { mode: 'static', specification: { document: spec.document as never } });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { deepLinking: true, persistAuthorization: true } });
  },
  { name: 'ephemail-docs' },
);
