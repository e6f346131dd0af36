import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import YAML from 'yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { makeTestApp, type TestApp } from '../../../helpers/app.js';
import { SPEC_PATH } from '../../../../src/http/spec/spec.js';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('system operations', () => {
  it('getHealth answers ok with the store in use', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'sqlite', version: expect.any(String) });
  });

  it('getOpenApiJson serves the spec as JSON', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/tools/qr-code'].get.operationId).toBe('generateQrCode');
  });

  it('getOpenApiYaml serves the file as kept', async () => {
    const res = await t.app.inject({ url: '/openapi.yaml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/yaml/);
    expect(YAML.parse(res.body).info.title).toBe('Ephemail API');
    // Byte for byte, the characters past ASCII (the spec's dashes and arrows) included.
    expect(res.rawPayload.equals(fs.readFileSync(SPEC_PATH))).toBe(true);
    expect(res.body).toContain('—');
  });

  it('serves Swagger UI at /docs', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
  });
});

describe('the spec documents everything', () => {
  const doc = () => t.spec.document as any;
  it('gives every operation a description, a tag, an example and its error responses', () => {
    for (const [p, item] of Object.entries<any>(doc().paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const where = `${method.toUpperCase()} ${p}`;
        expect(op.description, where).toBeTruthy();
        expect(op.tags?.length, where).toBe(1);
        expect(op.operationId, where).toMatch(/^[a-z][a-zA-Z]+$/);
        expect(op.responses['500'], `${where} lists 500`).toBeDefined();
        if (op.security?.length) expect(op.responses['401'], `${where} lists 401`).toBeDefined();
        if (op['x-rate-limit'] !== undefined) expect(op.responses['429'], `${where} lists 429`).toBeDefined();
        if (op.parameters?.length || op.requestBody) expect(op.responses['400'], `${where} lists 400`).toBeDefined();
        // Every media type a body may come in has an example (JSON, or Mailgun's forms).
        for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {})) {
          expect(media.example ?? media.examples, `${where} body example (${type})`).toBeDefined();
        }
      }
    }
  });

  it('describes every parameter and every schema property', () => {
    const missing: string[] = [];
    const walk = (schema: any, where: string, seen = new Set<any>()) => {
      if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
      seen.add(schema);
      for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) {
        if (!prop.description && !prop.$ref) missing.push(`${where}.${name}`);
        walk(prop, `${where}.${name}`, seen);
      }
      if (schema.items) walk(schema.items, `${where}[]`, seen);
    };
    for (const [name, schema] of Object.entries<any>(doc().components.schemas)) walk(schema, name);
    for (const [name, param] of Object.entries<any>(doc().components.parameters ?? {})) {
      if (!param.description) missing.push(`parameter ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('uses only JSON Schema keywords in schemas (an unquoted comma in a flow-style description splits it into junk keys)', () => {
    const keywords = new Set(['type', 'description', 'enum', 'const', 'default', 'items', 'properties', 'required', 'additionalProperties', 'unevaluatedProperties', 'oneOf', 'anyOf', 'allOf', 'not', '$ref', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems', 'example', 'examples', 'contentMediaType', 'contentEncoding', 'title', 'readOnly', 'writeOnly', 'deprecated', 'patternProperties', 'minProperties', 'maxProperties', 'discriminator', 'propertyNames']);
    const junk: string[] = [];
    const walk = (schema: any, where: string) => {
      if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
      for (const key of Object.keys(schema)) if (!keywords.has(key) && !key.startsWith('x-')) junk.push(`${where}: "${key}"`);
      for (const [name, prop] of Object.entries<any>(schema.properties ?? {})) walk(prop, `${where}.${name}`);
      if (schema.items) walk(schema.items, `${where}[]`);
      for (const k of ['oneOf', 'anyOf', 'allOf']) (schema[k] ?? []).forEach((x: any, i: number) => walk(x, `${where}.${k}[${i}]`));
    };
    for (const [name, schema] of Object.entries<any>(doc().components.schemas)) walk(schema, name);
    for (const [name, param] of Object.entries<any>(doc().components.parameters ?? {})) walk(param.schema, `parameter ${name}`);
    expect(junk).toEqual([]);
  });

  it('has examples that conform to their own schemas', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const wrong: string[] = [];
    const check = (schema: unknown, example: unknown, where: string) => {
      if (schema === undefined || example === undefined) return;
      const validate = ajv.compile(schema as object);
      if (!validate(example)) wrong.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    for (const op of t.spec.operations) {
      for (const [type, media] of Object.entries<any>(op.requestBody?.content ?? {})) check(media.schema, media.example, `${op.operationId} body ${type}`);
      for (const [status, res] of Object.entries<any>(op.responses)) {
        for (const [type, media] of Object.entries<any>(res.content ?? {})) check(media.schema, media.example, `${op.operationId} ${status} ${type}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
