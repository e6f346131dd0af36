import type { Handler } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { streamMessages as stream } from '../../services/mail-watch.js';

const HEARTBEAT_MS = 15_000;

/**
 * Server-Sent Events. Failures before the stream starts (key, rate limit, address) are ordinary JSON errors; after
 * that the reply is hijacked and written directly, so Fastify's onSend hooks no longer run.
 */
export const streamMessages: Handler<'streamMessages'> = async (request, reply, deps) => {
  const address = await requireOwnAddress(deps.database.db, request.auth!.account.id, request.params.address);
  const lastEventId = request.headers['last-event-id'];
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
  // The same conversion app.ts's onSend hook makes: the rate limiter reports seconds from now, the API Unix time.
  if (headers['x-ratelimit-reset'] !== undefined) headers['x-ratelimit-reset'] = Math.floor(Date.now() / 1000) + Number(headers['x-ratelimit-reset']);

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, headers);
  const stop = stream(
    deps.database.db,
    deps.events,
    address,
    { write: (chunk) => void raw.write(chunk), end: () => raw.end() },
    {
      lastEventId: typeof lastEventId === 'string' && lastEventId !== '' ? lastEventId : undefined,
      since: request.query.since,
      match: { subject: request.query.subject, from: request.query.from, unread: request.query.unread, text: request.query.text },
      heartbeatMs: HEARTBEAT_MS,
      onError: (err) => request.log.error({ err }, 'event stream failed'),
    },
  );
  // Closing the server ends open streams with a last `event: shutdown` (clients reconnect with Last-Event-ID,
  // to another instance behind a balancer) instead of waiting on them.
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
};
