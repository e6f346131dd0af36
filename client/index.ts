/**
 * @ephemail/client — the typed client for the Ephemail API. Paths, parameters, bodies, answers and error codes are
 * the types openapi-typescript generated from openapi.yaml (./schema.js); requests go through openapi-fetch. This
 * file is the package's hand-written part; `npm run gen` compiles it into generated/client/, the package the server
 * hands out at /sdk/ephemail-client.tgz.
 */
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';
import { operationSecurity, type KeyKind } from './security.js';

export type { components, operations, paths } from './schema.js';

type Schemas = components['schemas'];
/** Every `error` code the API answers (the spec's ErrorCode). */
export type ErrorCode = Schemas['ErrorCode'];
/** The failure envelope every operation answers with: `{ success: false, error, message }`. */
export type ErrorBody = Schemas['Error'];
export type MessageSummary = Schemas['MessageSummary'];

export interface EphemailClientOptions extends ClientOptions {
  /** Server root, e.g. http://localhost:3000 (a path prefix, e.g. https://example.com/ephemail, works too). */
  baseUrl: string;
  /** A Tools key (eph_tools_…): sent as `x-api-key` to the operations that declare a Tools key. */
  toolsKey?: string;
  /** A Developer key (eph_dev_…): sent as `Authorization: Bearer` to the operations that declare one. */
  developerKey?: string;
  /** METRICS_TOKEN, for getMetrics when the operator set one. */
  metricsToken?: string;
}

/**
 * Adds the key each operation's declared security asks for (looked up by method and path template, so a
 * `baseUrl` with a path of its own changes nothing). A header the caller set already is left alone.
 */
export function keyMiddleware(keys: { toolsKey?: string; developerKey?: string; metricsToken?: string }): Middleware {
  const apply = (request: Request, kind: KeyKind): void => {
    if (kind === 'tools' && keys.toolsKey && !request.headers.has('x-api-key')) request.headers.set('x-api-key', keys.toolsKey);
    const bearer = kind === 'developer' ? keys.developerKey : kind === 'metrics' ? keys.metricsToken : undefined;
    if (bearer && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${bearer}`);
  };
  return {
    onRequest({ request, schemaPath }) {
      const kind = operationSecurity[`${request.method.toUpperCase()} ${schemaPath}`];
      if (kind) apply(request, kind);
      return request;
    },
  };
}

/** A typed client for the whole Ephemail API. */
export function createEphemailClient(options: EphemailClientOptions): Client<paths> {
  const { toolsKey, developerKey, metricsToken, ...clientOptions } = options;
  const client = createClient<paths>(clientOptions);
  client.use(keyMiddleware({ toolsKey, developerKey, metricsToken }));
  return client;
}

/** Thrown by the helpers when the API answers an error: `code` is one of the API's ErrorCode values. */
export class EphemailError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EphemailError';
  }
}

export interface WaitForMessageOptions {
  /** Seconds the server holds each request open (0–60; 30 by default). */
  timeout?: number;
  /** Only messages received strictly after this instant (ISO 8601); without it, mail already there counts. */
  since?: string;
  /** Case-insensitive substrings the message must contain: in its subject, its sender, its text or HTML body. */
  subject?: string;
  from?: string;
  text?: string;
  /** Only unread (true) or read (false) messages. */
  unread?: boolean;
}

/**
 * Waits for the email you mean at `address` (long poll on waitForMessages, with its matchers) and answers the newest
 * matching message, or null when none arrived within `timeout` seconds. Messages that arrived before the call count
 * unless `since` says otherwise.
 */
export async function waitForMessage(client: Client<paths>, address: string, options: WaitForMessageOptions = {}): Promise<MessageSummary | null> {
  const { timeout = 30, since, subject, from, text, unread } = options;
  const { data, error, response } = await client.GET('/api/v1/email/{address}/messages/wait', {
    params: { path: { address }, query: { timeout, since, subject, from, text, unread } },
  });
  if (error) throw new EphemailError(response.status, error.error, error.message);
  return data.messages[0] ?? null;
}
