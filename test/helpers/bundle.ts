import path from 'node:path';

/**
 * The server as `npm start` runs it (the esbuild bundle), built once before the suite by test/setup/bundle.ts into a
 * folder of its own, so no test races `npm run build` or the bench's build of dist/main.js. The tests that start real
 * server processes run it: it starts in half the time src/main.ts takes through tsx's loader (about 1.0 s against
 * 2.1 s on two cores), and it is what operators run.
 */
export const SUITE_BUNDLE = path.resolve(import.meta.dirname, '../../dist/suite/main.js');
