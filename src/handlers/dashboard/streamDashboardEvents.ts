import type { Handler } from '../../http/spec/handler.js';
import { lastEventIdOf, serveEventStream } from '../../http/event-stream.js';
import { streamAccountEvents } from '../../mail/watch/account-stream.js';

const HEARTBEAT_MS = 15_000;

/**
 * The account's live events for the dashboard (Server-Sent Events, served as streamMessages is). No Set-Cookie here
 * (the hijacked reply writes its own headers, the event stream's): a session that slid forward on this request gets
 * its cookie renewed by the dashboard's next ordinary call after the slide interval.
 */
export const streamDashboardEvents: Handler<'streamDashboardEvents'> = async (request, reply, ctx, caller) =>
  serveEventStream(request, reply, (sink) =>
    streamAccountEvents(ctx.database.db, ctx.events, caller.account.id, sink, {
      lastEventId: lastEventIdOf(request),
      heartbeatMs: HEARTBEAT_MS,
      onError: (err) => request.log.error({ err }, 'dashboard event stream failed'),
    }),
  );
