import { buildServer } from '../../scripts/build-server.js';
import { SUITE_BUNDLE } from '../helpers/bundle.js';

/** Vitest's global setup: builds the bundle the server-process tests run (test/helpers/bundle.ts), once a run. Vitest
 * calls a global setup for the root and for each project, in one process, loading this module afresh each time: the
 * build is kept on globalThis. */
export default async function setup(): Promise<void> {
  const shared = globalThis as { __ephemailSuiteBundle?: Promise<unknown> };
  await (shared.__ephemailSuiteBundle ??= buildServer(SUITE_BUNDLE));
}
