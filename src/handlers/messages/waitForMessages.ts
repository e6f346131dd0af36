import type { Handler, WithDefaults } from '../../http/handler.js';
import { requireOwnAddress } from '../../services/addresses.js';
import { waitForMessages as wait } from '../../services/mail-watch.js';

export const waitForMessages: Handler<'waitForMessages'> = async (request, reply, deps) => {
  const query = request.query as WithDefaults<typeof request.query, 'timeout'>;
  const address = await requireOwnAddress(deps.database.db, request.auth!.account.id, request.params.address);
  // A client that hangs up stops the wait (and its subscription) at once.
  // A server shutting down ends it too, as an early timeout, rather than holding app.close() for up to a minute.
  const abort = new AbortController();
  const end = () => abort.abort();
  reply.raw.once('close', end);
  request.server.openStreams.add(end);
  const result = await wait(deps.database.db, deps.events, address, {
    since: query.since,
    timeoutMs: query.timeout * 1000,
    signal: abort.signal,
  }).finally(() => request.server.openStreams.delete(end));
  return { success: true, messages: result.messages, count: result.count, timed_out: result.timedOut };
};
