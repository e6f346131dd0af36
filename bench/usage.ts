/**
 * Usage recording for `npm run bench` (bench/run.ts runs it with its other cases): the same keyed Tools call on
 * one app, counted (an in-memory increment per request, a batched write every 5 s) or not. One app for both sides,
 * with a switch in front of the recorder, so that JIT state, caches and the rate-limit store are the same and the
 * ratio shows the recording alone. The goal: at most 10 %.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRuntime } from '../src/runtime.js';
import type { Config } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { createAccount } from '../src/identity/accounts.js';
import { createKey } from '../src/identity/keys.js';
import { UsageRecorder, type UsageSink } from '../src/platform/usage.js';
import type { BenchCase } from './case.js';

class SwitchedUsage implements UsageSink {
  on = false;
  constructor(readonly recorder: UsageRecorder) {}
  record(keyId: string, operationId: string, rateLimited: boolean): void {
    if (this.on) this.recorder.record(keyId, operationId, rateLimited);
  }
  flush = () => this.recorder.flush();
  start = (onError?: (err: unknown) => void) => this.recorder.start(onError);
  stop = () => this.recorder.stop();
}

export async function usageCases(config: Config): Promise<{ cases: BenchCase[]; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-bench-usage-'));
  const database = await openDatabase({ databaseUrl: null, dataDir });
  const usage = new SwitchedUsage(new UsageRecorder(database.db));
  const runtime = await createRuntime(config, { context: { database, usage }, logger: false, workers: false });
  const { app } = runtime;
  await app.ready();
  const account = await createAccount(database.db, 'usage-bench@example.com', 'developer');
  const { key } = await createKey(database.db, account, 'tools');
  const call = () => app.inject({ url: '/api/tools/age-calculator?birthDate=1990-05-15', headers: { 'x-api-key': key } });
  return {
    cases: [
      {
        name: 'keyed Tools call with usage recording',
        baselineName: 'the same call without recording',
        baseline: () => {
          usage.on = false;
          return call();
        },
        candidate: () => {
          usage.on = true;
          return call();
        },
        // A call is about 0.08 ms: 400 made a round of 32 ms, where one garbage collection moved the ratio by a third
        // (0.80–1.40 in one run); 4 000 make it a third of a second.
        ops: 4000,
        goal: 1.1,
      },
    ],
    async close() {
      await runtime.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
