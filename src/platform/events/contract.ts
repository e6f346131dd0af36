import type { components } from '../../../generated/schema.js';
import type { EventRecord, NewEventRecord } from '../../db/events.js';

/** A message as the events carry it: the spec's MessageSummary, what every consumer shows. */
type MessageSummary = components['schemas']['MessageSummary'];

/**
 * Domain events. Services append them to the event log (src/db/events.ts) in the transaction that changes the state
 * they describe; consumers — long-poll waits, SSE streams, the webhook enqueuer — read the log, on every instance.
 * Each event carries what its consumers need (a message's summary, an address's expiry), so none re-reads the store.
 */
export type DomainEvent =
  /** `sandboxId`: the sandbox whose mailbox `address` is, when a sandbox captured the message. */
  | { type: 'message.received'; accountId: string; addressId: string; address: string; messageId: string; receivedAt: string; message: MessageSummary; sandboxId?: string }
  | { type: 'address.created'; accountId: string; addressId: string; address: string; at: string; expiresAt: string }
  | { type: 'address.deleted'; accountId: string; addressId: string; address: string; at: string }
  /** `at` is the address's expiry. */
  | { type: 'address.expired'; accountId: string; addressId: string; address: string; at: string }
  /** The sweeper removed an address RETENTION_SECONDS after it expired (internal: no webhook is sent for it). */
  | { type: 'address.purged'; accountId: string; addressId: string; address: string; at: string }
  /** An address's SMTP fault profile was replaced or cleared (internal: every instance drops the address from its
   * recipient cache, src/mail/recipient-cache.ts, so the next RCPT TO reads whether it has rules). */
  | { type: 'address.changed'; accountId: string; addressId: string; address: string; at: string }
  /** A key was revoked (internal: every instance drops it from its key cache). */
  | { type: 'key.revoked'; accountId: string; addressId: null; address: null; keyId: string; at: string }
  /** An account's plan changed (internal: every instance drops its keys from the key cache). */
  | { type: 'account.changed'; accountId: string; addressId: null; address: null; at: string };

export type EventType = DomainEvent['type'];
/** An event read back from the log: `id` orders it among all events of the service. */
export type LoggedEvent = DomainEvent & { id: number };
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }> & { id: number };

/** The log row of an event: the shared fields become columns, the rest is the JSON `data`. */
export function eventRecord(event: DomainEvent, now = new Date()): NewEventRecord {
  const { type, accountId, addressId, address, ...data } = event;
  return {
    type,
    account_id: accountId,
    address_id: addressId,
    address,
    message_id: event.type === 'message.received' ? event.messageId : null,
    data,
    created_at: now.toISOString(),
  };
}

export function fromRecord(record: EventRecord): LoggedEvent {
  return {
    ...(record.data as object),
    id: record.id,
    type: record.type,
    accountId: record.account_id,
    addressId: record.address_id,
    address: record.address,
  } as LoggedEvent;
}
