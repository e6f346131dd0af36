// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.
/**
 * @ephemail/client — the typed client for the Ephemail API. Paths, parameters, bodies, answers and error codes are
 * the types openapi-typescript generated from openapi.yaml (./schema.js); requests go through openapi-fetch. This
 * file is the package's hand-written part; `npm run gen` compiles it into generated/client/, the package the server
 * hands out at /sdk/ephemail-client.tgz.
 */
import { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';
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
export declare function keyMiddleware(keys: {
    toolsKey?: string;
    developerKey?: string;
    metricsToken?: string;
}): Middleware;
/** A typed client for the whole Ephemail API. */
export declare function createEphemailClient(options: EphemailClientOptions): Client<paths>;
/** Thrown by the helpers when the API answers an error: `code` is one of the API's ErrorCode values. */
export declare class EphemailError extends Error {
    readonly status: number;
    readonly code: ErrorCode;
    constructor(status: number, code: ErrorCode, message: string);
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
export declare function waitForMessage(client: Client<paths>, address: string, options?: WaitForMessageOptions): Promise<MessageSummary | null>;
