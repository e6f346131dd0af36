/**
 * `npm run gen`: openapi.yaml → generated/schema.d.ts (openapi-typescript) and generated/client.ts (a typed
 * openapi-fetch client). `npm run gen:check` regenerates in memory and fails when the committed files differ,
 * which the test command runs first so a stale generated/ never passes CI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const specUrl = new URL(`file://${path.join(root, 'openapi.yaml')}`);
const HEADER = '// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.\n';

const CLIENT = `${HEADER}import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.js';

export type { paths, components, operations } from './schema.js';

export interface EphemailClientOptions extends ClientOptions {
  /** Server root, e.g. http://localhost:3000 */
  baseUrl: string;
  /** A Tools key (eph_tools_…): sent as x-api-key. */
  toolsKey?: string;
  /** A Developer key (eph_dev_…): sent as Authorization: Bearer. */
  developerKey?: string;
}

/** Adds the right key to each request: the Developer key for /api/v1, the Tools key for /api/tools. */
export function keyMiddleware(keys: { toolsKey?: string; developerKey?: string }): Middleware {
  return {
    onRequest({ request }) {
      const url = new URL(request.url);
      if (url.pathname.startsWith('/api/v1/') && keys.developerKey && !request.headers.has('authorization')) {
        request.headers.set('authorization', \`Bearer \${keys.developerKey}\`);
      } else if (url.pathname.startsWith('/api/tools/') && keys.toolsKey && !request.headers.has('x-api-key')) {
        request.headers.set('x-api-key', keys.toolsKey);
      }
      return request;
    },
  };
}

/** A typed client for the whole Ephemail API: paths, parameters, bodies and answers come from openapi.yaml. */
export function createEphemailClient(options: EphemailClientOptions): Client<paths> {
  const { toolsKey, developerKey, ...clientOptions } = options;
  const client = createClient<paths>(clientOptions);
  client.use(keyMiddleware({ toolsKey, developerKey }));
  return client;
}
`;

async function render(): Promise<Record<string, string>> {
  const ast = await openapiTS(specUrl, { alphabetize: false, exportType: false, defaultNonNullable: false });
  return {
    'generated/schema.d.ts': HEADER + astToString(ast),
    'generated/client.ts': CLIENT,
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
if (check && stale.length > 0) {
  console.error(`generated files are stale (run \`npm run gen\` and commit): ${stale.join(', ')}`);
  process.exit(1);
}
if (check) console.log('generated/ is up to date with openapi.yaml');
