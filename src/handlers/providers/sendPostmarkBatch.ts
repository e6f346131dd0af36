import type { Handler } from '../../http/spec/handler.js';
import { captureMail } from '../../mail/providers/capture.js';
import { ProviderError, renderProviderError } from '../../mail/providers/errors.js';
import { postmarkMessage } from '../../mail/providers/postmark.js';
import { captureDeps } from './deps.js';

/**
 * Postmark's batch answers one result per message, as Postmark does: a message that cannot be built, or that the
 * inbound allowance no longer takes, gets its own ErrorCode and the others are captured.
 */
export const sendPostmarkBatch: Handler<'sendPostmarkBatch'> = async (request, _reply, ctx, caller) => {
  const results = [];
  for (const email of request.body) {
    try {
      const captured = await captureMail(captureDeps(ctx), caller.sandbox, 'postmark', postmarkMessage(email), request.ip);
      results.push({ To: email.To, SubmittedAt: captured.at.toISOString(), MessageID: captured.messageId, ErrorCode: 0, Message: 'OK' });
    } catch (err) {
      if (!(err instanceof ProviderError) || (err.kind !== 'invalid' && err.kind !== 'rate_limited')) throw err;
      const { ErrorCode, Message } = renderProviderError('postmark', err).body as { ErrorCode: number; Message: string };
      results.push({ ErrorCode, Message });
    }
  }
  return results;
};
