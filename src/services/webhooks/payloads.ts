import type { components } from '../../../generated/schema.js';
import type { Db } from '../../db/database.js';
import { findAddressesByIds } from '../../db/addresses.js';
import { DomainError } from '../errors.js';
import type { DomainEvent, EventOf } from '../events.js';
import { getMessage } from '../messages.js';

type Schemas = components['schemas'];
export type WebhookPayload =
  | Schemas['WebhookMessageReceivedEvent']
  | Schemas['WebhookAddressCreatedEvent']
  | Schemas['WebhookAddressExpiredEvent']
  | Schemas['WebhookAddressDeletedEvent']
  | Schemas['WebhookTestEvent'];

/** Address in a URL path: every reserved character of a local part escaped, the `@` kept readable. */
function addressPath(address: string): string {
  return `/api/v1/email/${encodeURIComponent(address).replace(/%40/g, '@')}`;
}

function addressLinks(base: string, address: string): Schemas['WebhookAddressLinks'] {
  const path = base + addressPath(address);
  return { address: path, messages: `${path}/messages` };
}

/**
 * The payload of a domain event, frozen at enqueue time, or null when what it describes is already gone (a message
 * or address deleted between the event and this read: there is nothing left to link to). `publicUrl` makes links
 * absolute.
 */
export async function payloadFor(db: Db, event: DomainEvent, publicUrl: string | null): Promise<WebhookPayload | null> {
  const base = publicUrl ?? '';
  switch (event.type) {
    case 'message.received':
      return messageReceived(db, event, base);
    case 'address.created': {
      const [row] = await findAddressesByIds(db, [event.addressId]);
      if (!row) return null;
      return {
        type: 'address.created',
        timestamp: event.at,
        data: { address: event.address, expires_at: row.expires_at, links: addressLinks(base, event.address) },
      };
    }
    case 'address.expired':
      return {
        type: 'address.expired',
        timestamp: event.at,
        data: { address: event.address, expires_at: event.at, links: addressLinks(base, event.address) },
      };
    case 'address.deleted':
      return { type: 'address.deleted', timestamp: event.at, data: { address: event.address } };
    default:
      return null;
  }
}

async function messageReceived(db: Db, event: EventOf<'message.received'>, base: string): Promise<WebhookPayload | null> {
  let message;
  try {
    message = await getMessage(db, event.addressId, event.messageId);
  } catch (err) {
    if (err instanceof DomainError) return null;
    throw err;
  }
  // The summary is what listMessages shows: everything but the bodies, which can be large.
  const { text: _text, html: _html, ...summary } = message;
  const path = `${base}${addressPath(event.address)}/messages/${encodeURIComponent(event.messageId)}`;
  return {
    type: 'message.received',
    timestamp: event.receivedAt,
    data: { address: event.address, message: summary, links: { message: path, raw: `${path}/raw` } },
  };
}

export function testPayload(webhookId: string, at: string): WebhookPayload {
  return { type: 'webhook.test', timestamp: at, data: { webhook_id: webhookId, message: 'This is a test event from Ephemail.' } };
}
