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
