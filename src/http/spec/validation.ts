import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * Request validation with OpenAPI 3.1's JSON Schema dialect (2020-12). Query strings, path parameters and headers
 * arrive as text, so they are coerced to the declared types; JSON bodies are not coerced: `"size": "300"` in a
 * body is an error, as the schema says. Defaults from the spec are applied to both.
 */
function makeAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    useDefaults: true,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    // oneOf with a `discriminator` (e.g. FaultRule by `action`) validates only the branch its tag names, so the
    // error is that branch's, and its defaults apply.
    discriminator: true,
  });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);

/** Compiles a schema with the rules JSON bodies get (no coercion, defaults applied): for inputs that arrive as JSON
 * elsewhere than a body, such as MCP tool arguments. */
export function compileJsonInput(schema: object): ValidateFunction {
  return bodyAjv.compile(schema);
}
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<Record<string, unknown>> = ({ schema, httpPart }) => {
  // Compiled at the route's first request rather than at start: compiling every operation's schemas was a sixth of
  // `npm start` (the spec itself is validated when it is loaded, and the fuzz suite calls every operation).
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
};

const PART_NAMES: Record<string, string> = {
  querystring: 'query parameter',
  body: 'body field',
  params: 'path parameter',
  headers: 'header',
};

/** One sentence per failure naming the parameter and the rule, e.g. "size must be <= 2000 (query parameter)". */
export function formatValidationErrors(errors: ErrorObject[], context?: string): string {
  const where = PART_NAMES[context ?? ''] ?? context ?? 'request';
  return errors
    // propertyNames reports the name's own check (an enum of the known fields) first; its own error says it better.
    .filter((e, i) => !(e.keyword === 'enum' && errors[i + 1]?.keyword === 'propertyNames' && errors[i + 1].instancePath === e.instancePath))
    .map((e) => {
      const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
      switch (e.keyword) {
        case 'required':
          return `${joinPath(path, (e.params as { missingProperty: string }).missingProperty)} is required (${where})`;
        case 'additionalProperties':
          return `${joinPath(path, (e.params as { additionalProperty: string }).additionalProperty)} is not a known ${where}`;
        case 'propertyNames':
          return `${joinPath(path, (e.params as { propertyName: string }).propertyName)} is not a known ${where}`;
        case 'enum':
          return `${path || where} must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')} (${where})`;
        case 'type':
          if (!path && context === 'body') return 'The body must be a JSON object';
          return `${path || where} must be ${(e.params as { type: string }).type} (${where})`;
        case 'pattern':
          return `${path} has the wrong form (${where}); see the parameter's description`;
        default:
          return `${path || where} ${e.message ?? 'is invalid'} (${where})`;
      }
    })
    .join('; ');
}

function joinPath(base: string, prop: string): string {
  return base ? `${base}.${prop}` : prop;
}
