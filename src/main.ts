import v8 from 'node:v8';
import { ConfigError, loadConfig } from './config.js';
import { bootstrapBanner, bootstrapIfEmpty } from './identity/bootstrap.js';
import { createRuntime, PortError } from './runtime.js';

/**
 * `npm start` sizes the event loop's young generation with `--max-semi-space-size` (package.json). V8 applies that
 * flag to every isolate created later as well, over the `resourceLimits` a worker thread is given: the intake workers'
 * and the checkpoint thread's young generations would each be the event loop's (up to 8 MiB) instead of the 1–4 MiB
 * they are sized for. The event loop's heap is configured by now, so the flag is cleared for the threads to come
 * (BENCHMARKS.md, RSS row).
 */
v8.setFlagsFromString('--max-semi-space-size=0');

/**
 * V8 hands a function to its optimising compiler once the function has run through its interrupt budget (67 584 bytes
 * of bytecode by default) a few times. Most of what a message runs, runs once or a few times a message (smtp-server's
 * command handlers, the parser's, the store's), so a fresh process was still compiling it after several thousand
 * messages, at up to 1.5 times the CPU a message costs once warm: `bench/threads.ts`, a connection per message, read
 * 1 135 µs a message after 3 000 messages and 778 after 15 000. With an eighth of the budget, side by side from the
 * 4 000th message on, a message cost 0.80–0.86 times the CPU and was stored 1.14–1.16 times as fast: a process started
 * for a test run, or restarted by a deploy, gets to its warm speed sooner (BENCHMARKS.md, intake, session 35). Set
 * once the server is up, not before: start-up runs most of its code once, and with the smaller budget from the first
 * line it compiled more of it and reached ready about 70 ms later. V8's flags are the process's, so the intake's
 * worker threads take it too. A `--interrupt-budget` on the command line stays.
 */
function quickerTierUp(): void {
  // V8 takes its flags with dashes or underscores alike.
  if (!process.execArgv.some((a) => /^--interrupt[-_]budget(=|$)/.test(a))) v8.setFlagsFromString('--interrupt-budget=8192');
}

/** Process entry: configuration, the runtime, and the signals that stop it. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) exit(err.message);
    throw err;
  }
  const runtime = await createRuntime(config);
  if (config.bootstrap) {
    const created = await bootstrapIfEmpty(runtime.context.database.db, config.mailDomains[0]);
    if (created) console.log(bootstrapBanner(created));
  }
  try {
    await runtime.start();
  } catch (err) {
    if (err instanceof PortError) exit(err.message);
    throw err;
  }
  quickerTierUp();

  const log = runtime.app.log;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await runtime.stop();
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

function exit(line: string): never {
  console.error(line);
  process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
