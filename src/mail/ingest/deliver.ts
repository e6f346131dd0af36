import type { Db } from '../../db/database.js';
import { resolveRecipient, type AddressPolicy } from '../addresses.js';
import { ingestMessage, type IngestRecipient } from './store.js';
import type { AuthenticationView } from './mail-auth.js';

/** What SMTP hands over at the end of DATA. */
export interface Envelope {
  rcptTo: string[];
  /** SPF/DKIM/DMARC verdicts of the session (null when not checked). */
  authentication?: AuthenticationView | null;
}

/**
 * The mail path's one service call: stores `raw` once per recipient of the envelope that is live now (an address
 * deleted or expired since RCPT TO gets no copy; several recipients landing on one catch-all get one copy), with
 * its `message.received` events, in one transaction. Answers the new message ids — none when no recipient is live.
 */
export async function deliverMail(db: Db, policy: AddressPolicy, raw: Buffer, envelope: Envelope, now = new Date()): Promise<string[]> {
  const live = new Map<string, IngestRecipient>();
  for (const rcpt of envelope.rcptTo) {
    const state = await resolveRecipient(db, policy, rcpt, now);
    if (state.kind === 'live') live.set(state.addressId, { addressId: state.addressId, accountId: state.accountId, address: state.address });
  }
  return ingestMessage(db, raw, [...live.values()], now, envelope.authentication ?? null);
}
