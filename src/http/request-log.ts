import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: their values never reach the log. */
const SECRET_PARAMETERS = /([?&](?:apikey|api_key|token|key|password|secret)=)[^&#]*/gi;

/** The request URL as logged: credential-bearing query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

/**
 * Fastify's own request logging, through its LogController extension point: one line per request when it is
 * answered (Fastify writes two, and logs the URL with any `?apikey=` in it), with credentials taken out of the URL.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Below LOG_LEVEL (warn or quieter, as a busy instance runs): nothing to build. Measured at about a tenth of a
    // keyed Tools call's server time (BENCHMARKS.md, "The HTTP pipeline").
    if (!error && (reply.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') === false) return;
    const fields = {
      method: request.method,
      url: redactUrl(request.url),
      operation: request.routeOptions.config.operationId ?? 'none',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request failed');
    else reply.log.info(fields, 'request');
  }
}
