import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import YAML from 'yaml';
import { PROJECT_ROOT } from '../../platform/project-root.js';

export const SPEC_PATH = path.join(PROJECT_ROOT, 'openapi.yaml');

type JsonSchema = Record<string, unknown>;

export interface SpecParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface SpecOperation {
  operationId: string;
  method: string;
  /** OpenAPI path, e.g. /api/v1/email/{address} */
  path: string;
  /** The same path in Fastify's syntax, e.g. /api/v1/email/:address */
  url: string;
  tags: string[];
  parameters: SpecParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security: Array<Record<string, string[]>>;
  extensions: Record<string, unknown>;
}

export interface LoadedSpec {
  /**
   * The YAML as kept in the repository, in its UTF-8 bytes: served as they are, and held outside the V8 heap, where as
   * text it would take twice its size (any character past Latin-1 makes V8 keep a string in two bytes a character).
   */
  yaml: Buffer;
  /** The document as parsed (references intact), served at /openapi.json. */
  document: Record<string, unknown>;
  operations: SpecOperation[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

let cached: Promise<LoadedSpec> | undefined;

/** Parses, validates and dereferences openapi.yaml once per process. */
export function loadSpec(): Promise<LoadedSpec> {
  cached ??= readSpec();
  return cached;
}

/**
 * openapi.yaml as `npm run build` left it, already parsed and validated (scripts/build-server.ts), under the SHA-256
 * of the YAML it came from. Parsing and validating the YAML was a third of `npm start`'s CPU time to ready; the cache is
 * used only when its hash is that of the openapi.yaml read at start, so the YAML stays the one source.
 */
export const SPEC_CACHE_PATH = path.join(PROJECT_ROOT, 'dist/openapi.cache.json');

interface SpecCache {
  sha256: string;
  document: Record<string, unknown>;
}

let source: { yaml: Buffer; document: Record<string, unknown>; validated: boolean } | undefined;

/** openapi.yaml, read and parsed once per process: the error catalogue and loadSpec() both start from it. */
function specSource(): { yaml: Buffer; document: Record<string, unknown>; validated: boolean } {
  if (!source) {
    const yaml = fs.readFileSync(SPEC_PATH);
    const built = readSpecCache(sha256(yaml));
    source = built ? { yaml, document: built, validated: true } : { yaml, document: YAML.parse(yaml.toString('utf8')) as Record<string, unknown>, validated: false };
  }
  return source;
}

/** The hex SHA-256 of a text's UTF-8 bytes (or of the bytes themselves). */
export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The cached document when `file` holds the one parsed from YAML whose SHA-256 is `hash`. */
export function readSpecCache(hash: string, file = SPEC_CACHE_PATH): Record<string, unknown> | undefined {
  try {
    const cache = JSON.parse(fs.readFileSync(file, 'utf8')) as SpecCache;
    return cache.sha256 === hash ? cache.document : undefined;
  } catch {
    return undefined; // none built yet (tests, `npm run dev`), or unreadable: parse the YAML
  }
}

/** For `npm run build`: parses and validates openapi.yaml (throwing when it is invalid) and writes SPEC_CACHE_PATH. */
export async function writeSpecCache(file = SPEC_CACHE_PATH): Promise<void> {
  const yaml = fs.readFileSync(SPEC_PATH, 'utf8');
  const document = YAML.parse(yaml) as Record<string, unknown>;
  await SwaggerParser.validate(structuredClone(document) as never);
  const cache: SpecCache = { sha256: sha256(yaml), document };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a server starting meanwhile reads the old cache or the new one, never half of one.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(cache));
  fs.renameSync(tmp, file);
}

export function specDocument(): Record<string, unknown> {
  return specSource().document;
}

async function readSpec(): Promise<LoadedSpec> {
  const { yaml, document, validated } = specSource();
  // validate() checks the document against the OpenAPI 3.1 schema and dereferences a copy of it; a document from the
  // build's cache was validated by the build, and is only dereferenced.
  const copy = structuredClone(document) as never;
  const deref = (await (validated ? SwaggerParser.dereference(copy) : SwaggerParser.validate(copy))) as unknown as {
    paths: Record<string, Record<string, unknown>>;
    security?: Array<Record<string, string[]>>;
  };
  const operations: SpecOperation[] = [];
  for (const [p, item] of Object.entries(deref.paths)) {
    const shared = (item.parameters as SpecParameter[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const extensions: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(op)) if (k.startsWith('x-')) extensions[k] = v;
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path: p,
        url: p.replace(/\{([^}]+)\}/g, ':$1'),
        tags: (op.tags as string[]) ?? [],
        parameters: [...shared, ...((op.parameters as SpecParameter[]) ?? [])],
        requestBody: op.requestBody as SpecOperation['requestBody'],
        responses: (op.responses as SpecOperation['responses']) ?? {},
        security: (op.security as SpecOperation['security']) ?? deref.security ?? [],
        extensions,
      });
    }
  }
  return { yaml, document, operations };
}

/** Keywords that document a schema but mean nothing to a validator or serializer. */
const ANNOTATIONS = new Set(['example', 'examples', 'description', 'summary', 'title', 'deprecated', 'contentMediaType', 'externalDocs', 'xml']);

/** A deep copy of a schema without annotation keywords, safe for Ajv strict settings and fast-json-stringify. */
export function stripAnnotations<T>(schema: T, seen = new Map<object, unknown>()): T {
  if (Array.isArray(schema)) return schema.map((s) => stripAnnotations(s, seen)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  if (seen.has(schema)) return seen.get(schema) as T;
  const out: Record<string, unknown> = {};
  seen.set(schema, out);
  for (const [k, v] of Object.entries(schema)) {
    if (ANNOTATIONS.has(k) || k.startsWith('x-')) continue;
    // Ajv picks a oneOf branch by the tag's `const` and refuses OpenAPI's `mapping` (which the type generator uses).
    if (k === 'discriminator') {
      out[k] = { propertyName: (v as { propertyName: string }).propertyName };
      continue;
    }
    out[k] = k === 'properties' || k === 'patternProperties' || k === '$defs'
      ? Object.fromEntries(Object.entries(v as object).map(([pk, pv]) => [pk, stripAnnotations(pv, seen)]))
      : stripAnnotations(v, seen);
  }
  return out as T;
}

/** Builds the Fastify route schema (querystring, params, headers, body, response) of one operation. */
export function routeSchema(op: SpecOperation): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  const group = (where: SpecParameter['in']) => {
    const params = op.parameters.filter((p) => p.in === where);
    if (params.length === 0) return undefined;
    const key = (name: string) => (where === 'header' ? name.toLowerCase() : name);
    return {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [key(p.name), stripAnnotations(p.schema ?? {})])),
      required: params.filter((p) => p.required).map((p) => key(p.name)),
    };
  };
  const querystring = group('query');
  const params = group('path');
  const headers = group('header');
  if (querystring) schema.querystring = querystring;
  if (params) schema.params = params;
  if (headers) schema.headers = headers;
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body) schema.body = stripAnnotations(body);
  const response: Record<string, unknown> = {};
  for (const [status, res] of Object.entries(op.responses)) {
    const json = res.content?.['application/json']?.schema;
    if (json) response[status] = stripAnnotations(json);
  }
  if (Object.keys(response).length > 0) schema.response = response;
  return schema;
}
