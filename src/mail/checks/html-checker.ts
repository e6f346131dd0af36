import { Piscina } from 'piscina';
import type { StaticReport } from '../../db/message-checks.js';
import { workerTask } from '../../platform/worker-task.js';

/** The HTML checks of a message (client support and validation), computed off the event loop. */
export interface HtmlChecker {
  check(html: string): Promise<StaticReport>;
  close(): Promise<void>;
}

/**
 * A thread that has checked nothing for this long goes, and most of its memory with it: the bundled thread took the
 * process from 49 to 92 MB resident with a small check done, 129 MB after a 100 KiB one, and 61 MB once it ended.
 */
const IDLE_MS = 60_000;

/**
 * One worker thread (piscina), started at the first check, that runs caniemail and html-validate. Both take a few
 * milliseconds per KiB of HTML (a 100 KiB newsletter: about half a second), which on the event loop held up every
 * request and SMTP session meanwhile. Checks of several messages at once wait for the thread one after another; a
 * message's checks are computed once and stored (src/mail/checks/checks.ts), so the queue is short. From source
 * (tsx, vitest) the worker is src/mail/checks/html-worker.ts, loaded through tsx; from the bundle (`npm start`) it is
 * dist/html-worker.js beside dist/main.js.
 */
export function createHtmlChecker(): HtmlChecker {
  let pool: Piscina | undefined;
  const start = () =>
    new Piscina({
      ...workerTask(import.meta.url, 'html-worker'),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
    });
  return {
    check: (html) => (pool ??= start()).run({ html }) as Promise<StaticReport>,
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
