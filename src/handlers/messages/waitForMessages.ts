import type { FastifyReply } from 'fastify';
import type { AddressRow } from '../../db/addresses.js';
import type { Handler, HttpContext, SuccessBody, TypedRequest, WithDefaults } from '../../http/spec/handler.js';
import { requireOwnMailbox } from '../../mail/addresses.js';
import { DomainError } from '../../platform/errors.js';
import { waitForMessages as wait } from '../../mail/watch/address-watch.js';

export const waitForMessages: Handler<'waitForMessages'> = async (request, reply, ctx, caller) => {
  const address = await requireOwnMailbox(ctx.database.db, caller.account.id, request.params.address);
  return waitOn(request, reply, ctx, address);
};

/** The long poll on one mailbox (an address's or a sandbox's: waitForSandboxMessages). */
export async function waitOn(
  request: TypedRequest<'waitForMessages' | 'waitForSandboxMessages'>,
  reply: FastifyReply,
  ctx: HttpContext,
  address: AddressRow,
): Promise<SuccessBody<'waitForMessages'>> {
  const query = request.query as WithDefaults<typeof request.query, 'timeout' | 'count'>;
  // A client that hangs up stops the wait (and its subscription) at once. A server shutting down ends it too,
  // rather than holding app.close() for up to a minute, and says so: 503 with Retry-After, so the client waits
  // again (on another instance behind a balancer) instead of taking it for a timeout.
  const abort = new AbortController();
  let shuttingDown = false;
  const hangUp = () => abort.abort();
  const end = () => {
    shuttingDown = true;
    abort.abort();
  };
  reply.raw.once('close', hangUp);
  request.server.openStreams.add(end);
  const result = await wait(ctx.database.db, ctx.events, address, {
    since: query.since,
    timeoutMs: query.timeout * 1000,
    signal: abort.signal,
    match: { subject: query.subject, from: query.from, unread: query.unread, text: query.text },
    count: query.count,
  }).finally(() => request.server.openStreams.delete(end));
  if (shuttingDown && result.count === 0) {
    reply.header('retry-after', '1');
    throw new DomainError('service_unavailable', 'The server is shutting down; wait again (another instance may answer).');
  }
  return { success: true, messages: result.messages, count: result.count, timed_out: result.timedOut };
}
