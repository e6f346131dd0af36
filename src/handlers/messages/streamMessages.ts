import type { FastifyReply } from 'fastify';
import type { AddressRow } from '../../db/addresses.js';
import type { Handler, HttpContext, TypedRequest } from '../../http/spec/handler.js';
import { lastEventIdOf, serveEventStream } from '../../http/event-stream.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { streamMessages as stream } from '../../mail/watch/address-watch.js';

const HEARTBEAT_MS = 15_000;

/** Server-Sent Events of one address's new mail (src/http/event-stream.ts serves the stream). */
export const streamMessages: Handler<'streamMessages'> = async (request, reply, ctx, caller) => {
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  return streamOf(request, reply, ctx, address);
};

/** The event stream of one mailbox (an address's or a sandbox's: streamSandboxMessages). */
export function streamOf(request: TypedRequest<'streamMessages' | 'streamSandboxMessages'>, reply: FastifyReply, ctx: HttpContext, address: AddressRow) {
  return serveEventStream(request, reply, (sink) =>
    stream(ctx.database.db, ctx.events, address, sink, {
      lastEventId: lastEventIdOf(request),
      since: request.query.since,
      match: { subject: request.query.subject, from: request.query.from, unread: request.query.unread, text: request.query.text },
      heartbeatMs: HEARTBEAT_MS,
      onError: (err) => request.log.error({ err }, 'event stream failed'),
    }),
  );
}
