// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.
/**
 * @ephemail/client — the typed client for the Ephemail API. Paths, parameters, bodies, answers and error codes are
 * the types openapi-typescript generated from openapi.yaml (./schema.js); requests go through openapi-fetch. This
 * file is the package's hand-written part; `npm run gen` compiles it into generated/client/, the package the server
 * hands out at /sdk/ephemail-client.tgz.
 */
import createClient from 'openapi-fetch';
import { operationSecurity } from './security.js';
/**
 * Adds the key each operation's declared security asks for (looked up by method and path template, so a
 * `baseUrl` with a path of its own changes nothing). A header the caller set already is left alone.
 */
export function keyMiddleware(keys) {
    const apply = (request, kind) => {
        if (kind === 'tools' && keys.toolsKey && !request.headers.has('x-api-key'))
            request.headers.set('x-api-key', keys.toolsKey);
        const bearer = kind === 'developer' ? keys.developerKey : kind === 'metrics' ? keys.metricsToken : undefined;
        if (bearer && !request.headers.has('authorization'))
            request.headers.set('authorization', `Bearer ${bearer}`);
    };
    return {
        onRequest({ request, schemaPath }) {
            const kind = operationSecurity[`${request.method.toUpperCase()} ${schemaPath}`];
            if (kind)
                apply(request, kind);
            return request;
        },
    };
}
/** A typed client for the whole Ephemail API. */
export function createEphemailClient(options) {
    const { toolsKey, developerKey, metricsToken, ...clientOptions } = options;
    const client = createClient(clientOptions);
    client.use(keyMiddleware({ toolsKey, developerKey, metricsToken }));
    return client;
}
/** Thrown by the helpers when the API answers an error: `code` is one of the API's ErrorCode values. */
export class EphemailError extends Error {
    status;
    code;
    constructor(status, code, message) {
        super(message);
        this.status = status;
        this.code = code;
        this.name = 'EphemailError';
    }
}
/**
 * Waits for the email you mean at `address` (long poll on waitForMessages, with its matchers) and answers the newest
 * matching message, or null when none arrived within `timeout` seconds. Messages that arrived before the call count
 * unless `since` says otherwise.
 */
export async function waitForMessage(client, address, options = {}) {
    const { timeout = 30, since, subject, from, text, unread } = options;
    const { data, error, response } = await client.GET('/api/v1/email/{address}/messages/wait', {
        params: { path: { address }, query: { timeout, since, subject, from, text, unread } },
    });
    if (error)
        throw new EphemailError(response.status, error.error, error.message);
    return data.messages[0] ?? null;
}
