import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../src/identity/accounts.js';
import { createKey } from '../../../src/identity/keys.js';
import { createStore, killAll, startServer, stopServer } from '../../helpers/server-process.js';

/** Keeps every core busy for at most `ms` (each burner ends itself; the test kills them sooner). */
function burnCores(ms: number): ChildProcess[] {
  return [0, 1].map(() => spawn(process.execPath, ['-e', `const end = Date.now() + ${ms}; while (Date.now() < end) {}`], { stdio: 'ignore' }));
}

describe('start-up is not overload', () => {
  afterAll(killAll);

  it('answers the first 50 requests after /health says 200, with overload protection on and both cores busy', async () => {
    const store = await createStore('sqlite');
    const database = await store.open();
    const account = await createAccount(database.db, 'startup@example.com');
    const { key } = await createKey(database.db, account, 'tools');
    await database.close();

    const burners = burnCores(60_000);
    try {
      // OVERLOAD_MAX_EVENT_LOOP_DELAY_MS at its default: start-up blocks the event loop for seconds on a loaded
      // machine, and the samples that average that block in used to turn the first requests into 503s.
      const server = await startServer({ ...store.env, OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '1000', RATE_LIMIT_TOOLS: '1000' });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 50; i++) {
          const url = i % 3 === 0 ? '/openapi.json' : i % 3 === 1 ? `/api/tools/age-calculator?birthDate=1990-05-15` : '/ready';
          statuses.push((await fetch(`${server.url}${url}`, { headers: { 'x-api-key': key } })).status);
        }
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
      } finally {
        await stopServer(server);
      }
    } finally {
      for (const b of burners) b.kill('SIGKILL');
    }
  }, 90_000);
});
