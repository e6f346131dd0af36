import type { TestProject } from 'vitest/node';
import { startPrism, type PrismHandle } from '../helpers/prism-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the run's `prism mock openapi.yaml` (test/helpers/prism.ts, describeContract). */
    prismMock: string;
  }
}

/** Kept on globalThis: vitest loads this module afresh for each of its calls, in the one process. */
const shared = ((globalThis as { __ephemailPrismMock?: { mock?: Promise<PrismHandle>; users: number } }).__ephemailPrismMock ??= { users: 0 });

/**
 * Vitest's global setup: one `prism mock` for every contract file, since it answers from the spec and keeps no state.
 * Vitest calls a global setup for the root and for each project, in one process: they share the one process, which
 * stops with the last teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.users++;
  const started = await (shared.mock ??= startPrism('mock'));
  project.provide('prismMock', started.url);
  return async () => {
    if (--shared.users === 0) {
      shared.mock = undefined;
      await started.stop();
    }
  };
}
