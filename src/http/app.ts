import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { Context } from '../context.js';
import { handlers } from '../handlers/index.js';
import { errorBody, errorsPlugin, providerFailureBody, providersByPath } from './plugins/errors.js';
import { specRoutesPlugin } from './spec/routes.js';
import { loadSpec, type LoadedSpec } from './spec/spec.js';
import { validatorCompiler } from './spec/validation.js';
import type { HttpContext } from './spec/handler.js';
import { docsPlugin } from './plugins/docs.js';
import { operationsPlugin } from './plugins/operations.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { securityPlugin } from './plugins/security.js';
import { usagePlugin } from './plugins/usage.js';
import { webPlugin } from './plugins/web.js';
import { RequestLog } from './request-log.js';

declare module 'fastify' {
  interface FastifyInstance {
    openStreams: Set<() => void>;
  }
}

export interface AppOptions {
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** The built dashboard (index.html + assets/); dist/web by default. */
  webRoot?: string;
  /** openapi.yaml, loaded and validated; loaded now when not given. */
  spec?: LoadedSpec;
}

/**
 * Fastify's own serializer factory, with each route's serializer built at its first use. A frozen answer is one a
 * handler keeps and sends again unchanged (src/http/kept-answers.ts): it is serialized once, and its text sent again.
 */
function lazySerializers(externalSchemas?: unknown, options?: Parameters<ReturnType<typeof SerializerSelector>>[1]): ReturnType<ReturnType<typeof SerializerSelector>> {
  const build = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    const serialized = new WeakMap<object, string>();
    return (doc) => {
      serialize ??= build(route);
      if (typeof doc !== 'object' || doc === null || !Object.isFrozen(doc)) return serialize(doc);
      let text = serialized.get(doc);
      if (text === undefined) serialized.set(doc, (text = serialize(doc)));
      return text;
    };
  };
}

/**
 * The HTTP application: plugins → routes from the spec → error and 404 handlers. It neither listens nor closes the
 * context it was given: src/runtime.ts does both, in order with SMTP and the workers.
 */
export async function buildApp(context: Context, options: AppOptions = {}): Promise<FastifyInstance> {
  // The context itself, not a copy, so parts a test swaps in later (a counting event feed) reach the handlers too.
  const deps: HttpContext = Object.assign(context, { spec: options.spec ?? (await loadSpec()) });
  const { config } = deps;
  const providerOf = providersByPath(deps.spec.operations);
  const app = Fastify({
    // Response serializers from the spec's schemas (fast-json-stringify, as Fastify does by default), each compiled at
    // its route's first answer rather than all at start: compiling every operation's was a fifth of start-up.
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    logger: options.logger === false ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // One line per request, with credentials taken out of the URL (src/http/request-log.ts).
    logController: new RequestLog(),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Query strings like ?a=1&a=2 reach validation as arrays; everything else as text for Ajv to coerce.
    // Path parameters as long as the spec allows (addresses up to 254 characters, domains 253), percent-encoded
    // three bytes a character at worst: Fastify's default of 100 would make long addresses unreachable.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    // What Fastify and Node answer before a route runs (bad percent-encoding, a broken request line or header) is
    // in the error envelope too.
    frameworkErrors: (error, request, reply) => {
      const raw = reply as unknown as FastifyReply;
      const message = `The request could not be read: ${error.message}`;
      // A provider API's path answers in that provider's shape (src/mail/providers/errors.ts).
      const provider = providerFailureBody(providerOf, request.url ?? '', 'malformed', message, String(request.id ?? ''));
      if (provider) return raw.code(provider.status).headers(provider.headers).type(provider.type).send(provider.body);
      raw.code(400).type('application/json; charset=utf-8').send(errorBody('validation_error', message));
    },
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy(err);
      const body = JSON.stringify(errorBody('validation_error', 'The request could not be read (malformed request line or header).'));
      socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // JSON only: a text/plain body is a 415, not a string that later fails validation.
  app.removeContentTypeParser('text/plain');
  // An empty body labelled JSON counts as no body (operations whose body is optional accept it; the others say
  // the body is required), instead of failing as malformed JSON. Everything else goes to Fastify's safe parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // An operation that takes no body ignores one, whatever it holds, as it does bodies of any other type below.
    if (!request.routeOptions.config.takesBody) return done(null, undefined);
    if (request.routeOptions.config.keepRawBody) request.rawBody = body as string;
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  // Any other media type: 415 for an operation that takes a (JSON) body; read and ignored for one that takes none,
  // as its spec promises nothing about bodies.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, _body, done) => {
    if (!request.routeOptions.config.takesBody) return done(null, undefined);
    done(Object.assign(new Error(`Unsupported media type ${request.headers['content-type'] ?? ''}: send application/json.`), { statusCode: 415 }));
  });
  // Hijacked long-lived replies (SSE) register here; they would otherwise hold app.close() open.
  app.decorate('openStreams', new Set<() => void>());
  app.addHook('preClose', async () => {
    for (const end of app.openStreams) end();
  });

  // Each a named fastify-plugin; those that need another say so (`dependencies`), and registration fails when the
  // order breaks it. The dashboard's session cookie is read and written only by the operations that use it
  // (security.ts): no hook of any route parses or writes cookies.
  await app.register(errorsPlugin, { operations: deps.spec.operations });
  await app.register(securityPlugin, { context: deps });
  await app.register(rateLimitsPlugin, { redis: deps.redis });
  await app.register(docsPlugin, { spec: deps.spec });
  await app.register(usagePlugin, { context: deps });
  await app.register(operationsPlugin, { context: deps });
  await app.register(specRoutesPlugin, { context: deps, handlers });
  await app.register(webPlugin, { root: options.webRoot });
  return app;
}
