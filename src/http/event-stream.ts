import type { FastifyReply, FastifyRequest } from 'fastify';

/** What a stream writes to: SSE text, and the end of the stream. */
export interface EventSink {
  write(chunk: string): void;
  end(): void;
}

/** The Last-Event-ID a client resumes from, if it sent one. */
export function lastEventIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers['last-event-id'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Serves Server-Sent Events: failures before this (key, rate limit, the resource) were ordinary JSON errors; from
 * here the reply is hijacked and written directly, so Fastify's onSend hooks no longer run — which is why the rate
 * limit's headers are copied here, converted as app.ts's onSend hook converts them. `start` begins the stream and
 * answers how to stop it. Closing the server ends open streams with a last `event: shutdown` (clients reconnect with
 * Last-Event-ID, to another instance behind a balancer) instead of waiting on them.
 */
export function serveEventStream(request: FastifyRequest, reply: FastifyReply, start: (sink: EventSink) => () => void): FastifyReply {
  const headers: Record<string, string | number> = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  };
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = Number(value);
  }
  // The rate limiter reports seconds from now, the API Unix time.
  if (headers['x-ratelimit-reset'] !== undefined) headers['x-ratelimit-reset'] = Math.floor(Date.now() / 1000) + Number(headers['x-ratelimit-reset']);

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, headers);
  const stop = start({ write: (chunk) => void raw.write(chunk), end: () => raw.end() });
  const end = () => {
    stop();
    raw.end(`event: shutdown\ndata: ${JSON.stringify({ retry_after: 1 })}\n\n`);
  };
  request.server.openStreams.add(end);
  raw.once('close', () => {
    request.server.openStreams.delete(end);
    stop();
  });
  return reply;
}
