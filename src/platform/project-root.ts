import fs from 'node:fs';
import path from 'node:path';

/**
 * The checkout's root: where package.json, openapi.yaml, generated/ and dist/ live. Found by walking up from this
 * module, because this module is src/platform/project-root.ts under tsx (`npm run dev`, tests) but part of dist/main.js
 * once bundled (`npm start`), one level deep in either case today but not by contract.
 */
export const PROJECT_ROOT = findRoot(import.meta.dirname);

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'openapi.yaml')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no openapi.yaml and package.json in ${from} or any folder above it`);
  }
}
