import { buildServer } from '../../scripts/build-server.js';
import { SUITE_BUNDLE } from '../helpers/bundle.js';

/** Vitest's global setup: builds the bundle the server-process tests run (test/helpers/bundle.ts), once a run. */
export default async function setup(): Promise<void> {
  await buildServer(SUITE_BUNDLE);
}
