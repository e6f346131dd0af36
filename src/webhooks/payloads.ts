import type { components } from '../../generated/schema.js';
import type { DomainEvent } from '../platform/events/contract.js';

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
 * The webhook payload of a domain event, built from the event alone (it carries the message summary and the
 * expiry), or null for events no webhook receives (the switch is exhaustive: a new event type is a compile error here). `publicUrl` makes links absolute.
 */
export function payloadFor(event: DomainEvent, publicUrl: string | null): WebhookPayload | null {
  const base = publicUrl ?? '';
  switch (event.type) {
    case 'message.received': {
      if (event.sandboxId) {
        const path = `${base}/api/v1/sandboxes/${encodeURIComponent(event.sandboxId)}/messages/${encodeURIComponent(event.messageId)}`;
        return {
          type: 'message.received',
          timestamp: event.receivedAt,
          data: { address: null, sandbox_id: event.sandboxId, message: event.message, links: { message: path, raw: `${path}/raw` } },
        };
      }
      const path = `${base}${addressPath(event.address)}/messages/${encodeURIComponent(event.messageId)}`;
      return {
        type: 'message.received',
        timestamp: event.receivedAt,
        data: { address: event.address, message: event.message, links: { message: path, raw: `${path}/raw` } },
      };
    }
    case 'address.created':
      return {
        type: 'address.created',
        timestamp: event.at,
        data: { address: event.address, expires_at: event.expiresAt, links: addressLinks(base, event.address) },
      };
    case 'address.expired':
      return {
        type: 'address.expired',
        timestamp: event.at,
        data: { address: event.address, expires_at: event.at, links: addressLinks(base, event.address) },
      };
    case 'address.deleted':
      return { type: 'address.deleted', timestamp: event.at, data: { address: event.address } };
    case 'address.purged':
    case 'address.changed':
    case 'key.revoked':
    case 'account.changed':
      return null; // internal: they end waits and streams, or refresh caches; no webhook announces them
    default:
      // A new event type must say here what its webhook payload is: the compiler points to this line.
      return event satisfies never;
  }
}

export function testPayload(webhookId: string, at: string): WebhookPayload {
  return { type: 'webhook.test', timestamp: at, data: { webhook_id: webhookId, message: 'This is a test event from Ephemail.' } };
}
