import { createRequire, syncBuiltinESMExports } from 'node:module';
import { isIP } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { stripAnnotations, type LoadedSpec, type SpecOperation } from '../../src/http/spec/spec.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

type Schema = Record<string, any>;

/** A small seeded PRNG (mulberry32), so a fuzz run is reproducible from its seed. */
export class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

/** What a response looked like on the wire. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * Checks an answer against what the spec declares for the operation: the status must be declared (or covered by
 * `default`), the content type one the status declares, and a JSON body must validate against that status's
 * schema. Answers a description of the first problem, or null.
 */
export function responseChecker(spec: LoadedSpec): (op: SpecOperation, answer: Answer) => string | null {
  const ajv = newAjv();
  const compiled = new Map<string, ValidateFunction>();
  return (op, answer) => {
    const declared = op.responses[String(answer.status)] ?? op.responses[`${String(answer.status)[0]}XX`] ?? op.responses.default;
    if (!declared) return `status ${answer.status} is not declared (declared: ${Object.keys(op.responses).join(', ')}); body ${answer.body.slice(0, 300)}`;
    const content = declared.content;
    const type = String(answer.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!content) {
      return answer.body.length > 0 && type !== '' ? `status ${answer.status} declares no body but ${type} came: ${answer.body.slice(0, 200)}` : null;
    }
    const media = Object.keys(content).find((m) => m === type || m === '*/*' || (m.endsWith('/*') && type.startsWith(m.slice(0, -1))));
    if (!media) return `content type "${type}" is not one of ${Object.keys(content).join(', ')} for ${answer.status}`;
    if (media !== 'application/json') return null;
    const schema = content[media].schema;
    if (!schema) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `status ${answer.status} body is not JSON: ${answer.body.slice(0, 200)}`;
    }
    const key = `${op.operationId} ${answer.status}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(stripAnnotations(schema));
      compiled.set(key, validate);
    }
    if (!validate(body)) {
      return `status ${answer.status} body is off-schema: ${ajv.errorsText(validate.errors)}; body ${answer.body.slice(0, 300)}`;
    }
    return null;
  };
}

/** Whether a value satisfies a schema (used to pick realistic candidates, e.g. a real address for `address`). */
export function schemaAccepts(): (schema: Schema, value: unknown) => boolean {
  const ajv = newAjv();
  const cache = new WeakMap<object, ValidateFunction>();
  return (schema, value) => {
    let validate = cache.get(schema);
    if (!validate) {
      validate = ajv.compile(stripAnnotations(schema));
      cache.set(schema, validate);
    }
    return validate(value) as boolean;
  };
}

/** Merges allOf parts shallowly (properties and required lists combined). */
function flatten(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const out: Schema = { ...schema, allOf: undefined };
  for (const part of schema.allOf.map(flatten)) {
    out.type ??= part.type;
    out.properties = { ...(out.properties ?? {}), ...(part.properties ?? {}) };
    out.required = [...(out.required ?? []), ...(part.required ?? [])];
  }
  return out;
}

export interface ValueContext {
  rng: Rng;
  accepts: (schema: Schema, value: unknown) => boolean;
  /** Realistic values by parameter or field name (an existing address, the loopback receiver for `url`, …). */
  named: (name: string) => unknown[];
}

/** A value the schema accepts, preferring the realistic candidates for its name, then examples, then one made up. */
export function validValue(schema: Schema | undefined, name: string, ctx: ValueContext, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  const s = flatten(schema);
  const candidates = ctx.named(name).filter((v) => ctx.accepts(s, v));
  if (candidates.length > 0) return ctx.rng.pick(candidates);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return ctx.rng.pick(s.enum);
  const branches = s.oneOf ?? s.anyOf;
  if (Array.isArray(branches)) return validValue(ctx.rng.pick(branches as Schema[]), name, ctx, depth + 1);
  const examples = [s.example, ...(Array.isArray(s.examples) ? s.examples : [])].filter((v) => v !== undefined && ctx.accepts(s, v));
  if (examples.length > 0 && !/url|uri/i.test(name)) return ctx.rng.pick(examples);
  const types: string[] = Array.isArray(s.type) ? s.type.filter((t: string) => t !== 'null') : s.type ? [s.type] : s.properties ? ['object'] : ['string'];
  const type = ctx.rng.pick(types.length > 0 ? types : ['string']);
  switch (type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Math.max(min, 100));
      return ctx.rng.int(Math.ceil(min), Math.floor(Math.min(max, min + 1000)));
    }
    case 'boolean':
      return ctx.rng.chance(0.5);
    case 'array': {
      const n = ctx.rng.int(s.minItems ?? 0, Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 2));
      const items = Array.from({ length: n }, () => validValue(s.items, name, ctx, depth + 1));
      return s.uniqueItems ? [...new Map(items.map((i) => [JSON.stringify(i), i])).values()] : items;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set<string>(s.required ?? []);
      for (const [key, sub] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
        if (required.has(key) || ctx.rng.chance(0.5)) out[key] = validValue(sub, key, ctx, depth + 1);
      }
      return out;
    }
    default: {
      if (s.format === 'date-time') return new Date(Date.now() - ctx.rng.int(0, 86_400_000)).toISOString();
      if (s.format === 'date') return `19${ctx.rng.int(50, 99)}-0${ctx.rng.int(1, 9)}-1${ctx.rng.int(0, 9)}`;
      if (s.format === 'email') return `someone${ctx.rng.int(0, 999)}@example.com`;
      const min = s.minLength ?? 1;
      const max = Math.min(s.maxLength ?? min + 12, min + 12);
      const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
      return Array.from({ length: ctx.rng.int(min, Math.max(min, max)) }, () => ctx.rng.pick([...alphabet])).join('');
    }
  }
}

/** Values an attacker sends: wrong types, empty, huge, NUL, lone surrogates, bidi and combining marks, injections. */
export const HOSTILE: unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u0301'.repeat(64),
  '😀'.repeat(300),
  'Ｅｐｈｅｍａｉｌ＠ｅｘａｍｐｌｅ．ｃｏｍ',
  'x'.repeat(5000),
  "' OR '1'='1' --",
  '"; drop table messages; --',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '{{7*7}}${7*7}',
  '<script>alert(1)</script>',
  '\r\nX-Injected: 1',
  'a@b@c',
  '@',
  'msg_00000000000000000000000000000000',
  'eph_dev_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:127.0.0.1]:1/',
  'file:///etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '1e309',
  '-0',
  '9'.repeat(400),
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  false,
  null,
  [],
  ['a', 'a'],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
];

/** A huge string, only sometimes: a megabyte-plus body must answer 413, not take the process down. */
export const HUGE = 'h'.repeat(1_100_000);

/** Percent-encodes text for a URL, lone surrogates included (as the UTF-8 bytes a careless client would send). */
export function encodeText(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    let out = '';
    for (const ch of value) {
      const code = ch.codePointAt(0)!;
      if (code >= 0xd800 && code <= 0xdfff) {
        out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      } else {
        out += encodeURIComponent(ch);
      }
    }
    return out;
  }
}

/** A value as query-string or path text. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}

/** Header values may only carry visible ASCII, space and tab (and latin-1); anything else is escaped first. */
export function asHeader(value: unknown): string {
  return asText(value).replace(/[^\t\x20-\x7e]/g, (c) => encodeText(c));
}

/**
 * While installed, DNS look-ups by name through Node's resolver answer ENOTFOUND and are recorded, so no request of
 * a suite can reach a DNS server or a host beyond 127.0.0.0/8 (the app's own DNS_SERVERS resolver is separate and
 * points at the test DNS). `asked` lists the names that were refused; `restore` puts the resolver back.
 */
export function refuseNameLookups(): { asked: string[]; restore(): void } {
  const require = createRequire(import.meta.url);
  const dns = require('node:dns') as typeof import('node:dns');
  const promises = require('node:dns/promises') as typeof import('node:dns/promises');
  const asked: string[] = [];
  const allowed = (host: string) => isIP(host) !== 0 || host === 'localhost';
  const original = { lookup: dns.lookup, promisesLookup: promises.lookup };
  const notFound = (host: string) => Object.assign(new Error(`getaddrinfo ENOTFOUND ${host} (refused by the test)`), { code: 'ENOTFOUND', hostname: host });
  (dns as any).lookup = (host: string, ...rest: any[]) => {
    if (allowed(host)) return (original.lookup as any)(host, ...rest);
    asked.push(host);
    const callback = rest[rest.length - 1];
    process.nextTick(() => callback(notFound(host)));
  };
  (promises as any).lookup = async (host: string, ...rest: any[]) => {
    if (allowed(host)) return (original.promisesLookup as any)(host, ...rest);
    asked.push(host);
    throw notFound(host);
  };
  syncBuiltinESMExports();
  return {
    asked,
    restore() {
      (dns as any).lookup = original.lookup;
      (promises as any).lookup = original.promisesLookup;
      syncBuiltinESMExports();
    },
  };
}
