// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { paths, components, operations } from './schema.js';

export interface EphemailClientOptions extends ClientOptions {
  /** Server root, e.g. http://localhost:3000 */
  baseUrl: string;
  /** A Tools key (eph_tools_…): sent as x-api-key. */
  toolsKey?: string;
  /** A Developer key (eph_dev_…): sent as Authorization: Bearer. */
  developerKey?: string;
}

/** Adds the right key to each request: the Developer key for /api/v1, the Tools key for /api/tools. */
export function keyMiddleware(keys: { toolsKey?: string; developerKey?: string }): Middleware {
  return {
    onRequest({ request }) {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/api/v1/') && keys.developerKey && !request.headers.has('authorization')) {
        request.headers.set('authorization', `Bearer ${keys.developerKey}`);
      } else if (url.pathname.startsWith('/api/tools/') && keys.toolsKey && !request.headers.has('x-api-key')) {
        request.headers.set('x-api-key', keys.toolsKey);
      }
      return request;
    },
  };
}

/** A typed client for the whole Ephemail API: paths, parameters, bodies and answers come from openapi.yaml. */
export function createEphemailClient(options: EphemailClientOptions): Client<paths> {
  const { toolsKey, developerKey, ...clientOptions } = options;
  const client = createClient<paths>(clientOptions);
  client.use(keyMiddleware({ toolsKey, developerKey }));
  return client;
}
