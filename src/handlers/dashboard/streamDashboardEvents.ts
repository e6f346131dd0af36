import type { Handler } from '../../http/handler.js';
import { streamAccountEvents } from '../../services/account-events.js';

const HEARTBEAT_MS = 15_000;

/**
 * The account's live events for the dashboard (Server-Sent Events), written like streamMessages: errors before the
 * stream starts are ordinary JSON answers; after that the reply is hijacked and written directly.
 */
export const streamDashboardEvents: Handler<'streamDashboardEvents'> = async (request, reply, deps) => {
  const lastEventId = request.headers['last-event-id'];
  // No Set-Cookie here (@fastify/cookie writes it in onSend, which a hijacked reply skips): a session that slid
  // forward on this request gets its cookie renewed by the dashboard's next ordinary call after the slide interval.
  const headers: Record<string, string> = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  };

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, headers);
  const stop = streamAccountEvents(
    deps.database.db,
    deps.events,
    request.account!.id,
    { write: (chunk) => void raw.write(chunk), end: () => raw.end() },
    {
      lastEventId: typeof lastEventId === 'string' && lastEventId !== '' ? lastEventId : undefined,
      heartbeatMs: HEARTBEAT_MS,
      onError: (err) => request.log.error({ err }, 'dashboard event stream failed'),
    },
  );
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
