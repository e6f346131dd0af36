/**
 * `npm run gen`: openapi.yaml → generated/schema.d.ts (openapi-typescript) and generated/client/, the
 * `@ephemail/client` package: the schema types, the operation-security table (data taken from the spec), and the
 * hand-written client in client/index.ts compiled to ESM with declarations. `npm run gen:check` renders everything
 * in memory and fails when the committed files differ, which the test command runs first so a stale generated/
 * never passes CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const specUrl = new URL(`file://${path.join(root, 'openapi.yaml')}`);
const HEADER = '// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.\n';
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };

type KeyKind = 'tools' | 'developer' | 'metrics';
const SCHEME_KIND: Record<string, KeyKind> = { ToolsKeyHeader: 'tools', ToolsKeyQuery: 'tools', DeveloperKey: 'developer', MetricsToken: 'metrics' };

/** `"METHOD /path/{param}"` → the key an operation's declared security asks for (session and open ones: none). */
function operationSecurity(): Record<string, KeyKind> {
  const doc = YAML.parse(fs.readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as {
    security?: Array<Record<string, unknown>>;
    paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
  };
  const table: Record<string, KeyKind> = {};
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
      const schemes = (op.security ?? doc.security ?? []).flatMap((req) => Object.keys(req));
      const kind = schemes.map((s) => SCHEME_KIND[s]).find(Boolean);
      if (kind) table[`${method.toUpperCase()} ${p}`] = kind;
    }
  }
  return table;
}

type Caller = 'tools' | 'developer' | 'session' | 'metrics' | 'sandbox' | 'none';

/**
 * operationId → who calls it, read from its declared security: the server types each handler's caller from this
 * (src/http/spec/handler.ts), so a handler of a keyed or session operation is handed an account without a check.
 */
function operationCallers(): Record<string, Caller> {
  const doc = YAML.parse(fs.readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as {
    security?: Array<Record<string, unknown>>;
    paths: Record<string, Record<string, { operationId?: string; security?: Array<Record<string, unknown>> }>>;
    components: { securitySchemes: Record<string, { 'x-sandbox-credential'?: string }> };
  };
  // The provider APIs' schemes (SendGrid, Postmark, Resend, Mailgun, SES) carry a sandbox's credential.
  const sandboxSchemes = new Set(Object.entries(doc.components.securitySchemes).filter(([, s]) => s['x-sandbox-credential']).map(([name]) => name));
  const table: Record<string, Caller> = {};
  for (const item of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method) || !op.operationId) continue;
      const schemes = (op.security ?? doc.security ?? []).flatMap((req) => Object.keys(req));
      table[op.operationId] = schemes.includes('SessionCookie')
        ? 'session'
        : schemes.some((s) => sandboxSchemes.has(s))
          ? 'sandbox'
          : (schemes.map((s) => SCHEME_KIND[s]).find(Boolean) ?? 'none');
    }
  }
  return table;
}

/** The KeyScope enum of openapi.yaml. */
function keyScopes(): string[] {
  const doc = YAML.parse(fs.readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as { components: { schemas: { KeyScope: { enum: string[] } } } };
  return doc.components.schemas.KeyScope.enum;
}

/**
 * client/index.ts compiled as the package ships it: ESM JavaScript and its declarations, nothing written to disk.
 * The generated files it imports are served from `rendered` (this run's output), so a check never compiles against
 * stale copies.
 */
function compileClient(rendered: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    declaration: true,
    strict: true,
    skipLibCheck: true,
    removeComments: false,
    outDir: path.join(root, '.client-build'),
    rootDir: path.join(root, 'client'),
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const inMemory = (file: string) => rendered[path.relative(root, file)];
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => inMemory(file) !== undefined || fileExists.call(host, file);
  host.readFile = (file) => inMemory(file) ?? readFile.call(host, file);
  const { directoryExists } = host;
  host.directoryExists = (dir) =>
    Object.keys(rendered).some((rel) => path.join(root, rel).startsWith(`${dir}${path.sep}`)) || (directoryExists?.call(host, dir) ?? fs.existsSync(dir));
  host.getSourceFile = (file, language, onError, fresh) => {
    const text = inMemory(file);
    return text !== undefined ? ts.createSourceFile(file, text, language) : getSourceFile.call(host, file, language, onError, fresh);
  };
  const program = ts.createProgram([path.join(root, 'client/index.ts')], options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    throw new Error(ts.formatDiagnosticsWithColorAndContext(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' }));
  }
  program.emit(undefined, (file, text) => {
    const name = path.basename(file);
    if (name === 'index.js' || name === 'index.d.ts') out[name] = HEADER + text;
  });
  return out;
}

async function render(): Promise<Record<string, string>> {
  const ast = await openapiTS(specUrl, { alphabetize: false, exportType: false, defaultNonNullable: false });
  const schema = HEADER + astToString(ast);
  const security = operationSecurity();
  const data: Record<string, string> = {
    // The types live once, in the package; the server and tests import them through this re-export.
    'generated/schema.d.ts': `${HEADER}export * from './client/schema.js';\n`,
    'generated/key-scopes.ts': `${HEADER}/** Every scope a Developer key can hold, in the spec's order (its KeyScope enum): data for the server and the dashboard. */\nexport const KEY_SCOPES = ${JSON.stringify(keyScopes())} as const;\n`,
    'generated/operations.d.ts': `${HEADER}/** operationId → who calls it, from the operation's declared security (the server's handler types). */\nexport interface OperationCallers ${JSON.stringify(operationCallers(), null, 2).replace(/,\n/g, ';\n').replace(/"\n}$/, '";\n}')}\n`,
    'generated/client/schema.d.ts': schema,
    'generated/client/security.js': `${HEADER}/** The key each operation's declared security asks for, by \`METHOD /path/{template}\`. */\nexport const operationSecurity = ${JSON.stringify(security, null, 2)};\n`,
    'generated/client/security.d.ts': `${HEADER}export type KeyKind = 'tools' | 'developer' | 'metrics';\nexport declare const operationSecurity: Readonly<Record<string, KeyKind | undefined>>;\n`,
  };
  const compiled = compileClient(data);
  return {
    ...data,
    'generated/client/index.js': compiled['index.js'],
    'generated/client/index.d.ts': compiled['index.d.ts'],
    'generated/client/package.json': `${JSON.stringify(
      {
        name: '@ephemail/client',
        version: pkg.version,
        description: 'Typed client for the Ephemail API, generated from its OpenAPI document (openapi-fetch).',
        type: 'module',
        exports: { '.': { types: './index.d.ts', import: './index.js' } },
        types: './index.d.ts',
        files: ['index.js', 'index.d.ts', 'schema.d.ts', 'security.js', 'security.d.ts', 'README.md'],
        dependencies: { 'openapi-fetch': pkg.dependencies['openapi-fetch'] },
        license: 'UNLICENSED',
      },
      null,
      2,
    )}\n`,
    'generated/client/README.md': `# @ephemail/client\n\nTyped client for the Ephemail API ${pkg.version}, generated from its OpenAPI document.\n\n\`\`\`ts\nimport { createEphemailClient, waitForMessage } from '@ephemail/client';\n\nconst client = createEphemailClient({ baseUrl: 'http://localhost:3000', developerKey: process.env.DEV_KEY });\nconst { data } = await client.POST('/api/v1/email/create', { body: { prefix: 'signup-test' } });\nconst message = await waitForMessage(client, data!.email, { timeout: 30 });\n\`\`\`\n\nInstall it from a running server: \`npm install http://HOST:PORT/sdk/ephemail-client.tgz\`.\n`,
  };
}

const check = process.argv.includes('--check');
const files = await render();
const stale: string[] = [];
for (const [rel, contents] of Object.entries(files)) {
  const file = path.join(root, rel);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (current === contents) continue;
  if (check) stale.push(rel);
  else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, contents);
    console.log(`wrote ${rel}`);
  }
}
// The client used to be one generated file; it is the package under generated/client/ now.
const retired = path.join(root, 'generated/client.ts');
if (fs.existsSync(retired)) {
  if (check) stale.push('generated/client.ts (retired)');
  else fs.rmSync(retired);
}
if (check && stale.length > 0) {
  console.error(`generated files are stale (run \`npm run gen\` and commit): ${stale.join(', ')}`);
  process.exit(1);
}
if (check) console.log('generated/ is up to date with openapi.yaml');
