import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../generated/schema.js';
import type { Deps } from '../deps.js';

/**
 * Handler types looked up from the generated `operations`: a handler receives the query, path parameters and body
 * its operation declares and may only return a success body the spec allows (or the reply, after sending bytes
 * itself, as image and raw-source operations do).
 */
export type OperationId = keyof operations;

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

export type Handler<K extends OperationId> = (
  request: TypedRequest<K>,
  reply: FastifyReply,
  deps: Deps,
) => Promise<SuccessBody<K> | FastifyReply>;

/** Every operation in openapi.yaml must have exactly one handler: the compiler enforces it on src/handlers/index.ts. */
export type HandlerMap = { [K in OperationId]: Handler<K> };

/** Marks query fields whose default the spec supplies (Ajv applies it), so handlers need not repeat defaults. */
export type WithDefaults<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };
