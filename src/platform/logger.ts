/** The slice of a pino logger that background components (SMTP, sweeper, workers) use; Fastify's `app.log` fits. */
export interface Logger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
