import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations, webhooks } from '../../../generated/schema.js';
import type { OperationCallers } from '../../../generated/operations.js';
import type { Context } from '../../context.js';
import type { AccountRow } from '../../db/accounts.js';
import type { ApiKeyRow } from '../../db/keys.js';
import type { AuthenticatedSession } from '../../identity/sessions.js';
import type { SandboxWithMailbox } from '../../mail/sandboxes.js';
import type { LoadedSpec } from './spec.js';

/** What handlers work with: the service's context and the spec it serves. */
export interface HttpContext extends Context {
  spec: LoadedSpec;
}

/** A caller that presented a Tools or Developer key (the operation's security names one). */
export interface KeyCaller {
  kind: 'key';
  account: AccountRow;
  key: ApiKeyRow;
}
/** A caller logged in to the dashboard (the operation's security names SessionCookie). */
export interface SessionCaller {
  kind: 'session';
  account: AccountRow;
  session: AuthenticatedSession;
}
/** Open operations (health, the spec, sign-up) and the metrics token: nobody in particular. */
export interface AnonymousCaller {
  kind: 'anonymous';
}
/** An application sending through a provider API with a sandbox's credential (the operation's security names a
 * scheme marked `x-sandbox-credential`): the sandbox, and through it its account. */
export interface SandboxCaller {
  kind: 'sandbox';
  sandbox: SandboxWithMailbox;
}
/** Either door to an account: what a handler shared by a key operation and a dashboard one works with. */
export type AccountCaller = KeyCaller | SessionCaller;
export type Caller = AccountCaller | SandboxCaller | AnonymousCaller;

/** The address patterns a restricted Developer key is limited to; undefined for everyone else. */
export function restrictedTo(caller: AccountCaller): readonly string[] | undefined {
  return caller.kind === 'key' ? caller.key.restrict?.addresses : undefined;
}

/**
 * The caller the security hook hands an operation's handler, typed from the operation's declared security
 * (generated/operations.d.ts): a keyed operation always has a key and its account, a session one a session.
 */
export type CallerOf<K extends OperationId> = OperationCallers[K] extends 'session'
  ? SessionCaller
  : OperationCallers[K] extends 'tools' | 'developer'
    ? KeyCaller
    : OperationCallers[K] extends 'sandbox'
      ? SandboxCaller
      : AnonymousCaller;

/**
 * Handler types looked up from the generated `operations`: a handler receives the query, path parameters and body
 * its operation declares and may only return a success body the spec allows (or the reply, after sending bytes
 * itself, as image and raw-source operations do).
 */
/** The operations of the spec's `webhooks` section: requests Ephemail sends, which no handler serves. */
type SentOperation = webhooks[keyof webhooks]['post'];
export type OperationId = { [K in keyof operations]: operations[K] extends SentOperation ? never : K }[keyof operations];

type Param<K extends OperationId, Where extends 'query' | 'path'> = operations[K]['parameters'] extends { [W in Where]?: infer Q }
  ? [Exclude<Q, undefined>] extends [never]
    ? Record<string, never>
    : Exclude<Q, undefined>
  : Record<string, never>;

type JsonContent<R> = R extends { content: { 'application/json': infer B } } ? B : never;

export type Body<K extends OperationId> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;

type Responses<K extends OperationId> = operations[K]['responses'];
export type SuccessBody<K extends OperationId> = {
  [S in keyof Responses<K>]: S extends 200 | 201 | 202 ? JsonContent<Responses<K>[S]> : never;
}[keyof Responses<K>];

export type TypedRequest<K extends OperationId> = FastifyRequest<{
  Querystring: Param<K, 'query'>;
  Params: Param<K, 'path'>;
  Body: Body<K>;
}>;

export type Handler<K extends OperationId, C extends Caller = CallerOf<K>> = (
  request: TypedRequest<K>,
  reply: FastifyReply,
  ctx: HttpContext,
  caller: C,
) => Promise<SuccessBody<K> | FastifyReply>;

/** Every operation in openapi.yaml must have exactly one handler: the compiler enforces it on src/handlers/index.ts. */
export type HandlerMap = { [K in OperationId]: Handler<K> };

/** Marks query fields whose default the spec supplies (Ajv applies it), so handlers need not repeat defaults. */
export type WithDefaults<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };

type Shape<K extends OperationId> = [Param<K, 'query'>, Param<K, 'path'>, Body<K>, SuccessBody<K>];
/** `true` when operations A and B take the same query, path parameters and body and answer the same bodies. */
export type SameShape<A extends OperationId, B extends OperationId> = [Shape<A>] extends [Shape<B>] ? ([Shape<B>] extends [Shape<A>] ? true : false) : false;

/**
 * One handler for an action reachable through two doors (a Developer key and a dashboard session): the operations
 * must declare the same parameters, body and answers — `same` only type-checks as `true` when they do — and the
 * handler is typed with AccountCaller, so it uses only the account, which either door supplies.
 */
export function sharedHandler<A extends OperationId, B extends OperationId>(handler: Handler<A, AccountCaller>, same: SameShape<A, B>): Handler<B> {
  void same;
  return handler as unknown as Handler<B>;
}
