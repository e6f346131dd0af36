import { randomBytes } from 'node:crypto';
import type { components } from '../../generated/schema.js';
import type { Db } from '../db/database.js';
import {
  attemptsOfDeliveries,
  countDeliveriesOf,
  deleteWebhookById,
  findDeliveryOf,
  findWebhookOf,
  insertDeliveries,
  insertWebhook,
  listDeliveriesOf,
  listWebhooksOf,
  makePendingDueNow,
  requeueDelivery,
  updateWebhookRow,
  type AttemptRow,
  type DeliveryRow,
  type DeliveryWithPayload,
  type DeliveryStatus,
  type WebhookRow,
} from '../db/webhooks.js';
import { requireOwnAddress } from '../mail/addresses.js';
import { DomainError, errors, invalid } from '../platform/errors.js';
import type { EventType } from '../platform/events/contract.js';
import { testPayload, type WebhookPayload } from './payloads.js';
import { checkTarget, TargetRefusedError, type HostResolver, type TargetPolicy } from './ssrf.js';
import { newId } from '../platform/ids.js';

type Schemas = components['schemas'];
export type WebhookView = Schemas['Webhook'];
export type WebhookDeliveryView = Schemas['WebhookDelivery'];
export type WebhookEventType = Schemas['WebhookEventType'];

/** What create and update need to check a target: the operator's policy and (for tests) a resolver. */
export interface TargetChecking {
  policy: TargetPolicy;
  resolve?: HostResolver;
}

/** `whsec_` + 32 random bytes in base64: the Standard Webhooks secret format, which its libraries decode as is. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function toWebhookView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    address: row.address,
    description: row.description,
    enabled: row.disabled_at === null,
    disabled_reason: row.disabled_reason,
    disabled_at: row.disabled_at,
    failing_since: row.failing_since,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toDeliveryView(row: DeliveryWithPayload, attempts: AttemptRow[]): WebhookDeliveryView {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event: row.event_type as WebhookDeliveryView['event'],
    status: row.status,
    created_at: row.created_at,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
    finished_at: row.finished_at,
    payload: row.payload as WebhookDeliveryView['payload'],
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: a.attempted_at,
      status_code: a.status_code,
      duration_ms: a.duration_ms,
      error: a.error,
      response_excerpt: a.response_excerpt,
    })),
  };
}

/** Parses and checks a target URL: 400 for a URL we would never call, 422 for a host that is not public. */
export async function checkWebhookUrl(raw: string, checking: TargetChecking): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('url must be an absolute http:// or https:// URL (body field)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`url must use http or https, not ${url.protocol.replace(/:$/, '')} (body field)`);
  }
  if (url.username || url.password) {
    throw invalid('url must not contain a user name or password; put a token in its path or query instead (body field)');
  }
  try {
    await checkTarget(url, checking.policy, checking.resolve);
  } catch (err) {
    if (err instanceof TargetRefusedError) throw new DomainError('webhook_target_not_allowed', `url: ${err.message}`);
    throw err;
  }
  return url.href;
}

function webhookNotFound(id: string): DomainError {
  return new DomainError('webhook_not_found', `No webhook ${id} in your account.`);
}

/** The caller's webhook, or 404: another account's answers exactly like a missing one. */
export async function requireOwnWebhook(db: Db, accountId: string, id: string): Promise<WebhookRow> {
  const row = await findWebhookOf(db, accountId, id);
  if (!row) throw webhookNotFound(id);
  return row;
}

async function ownAddressFilter(db: Db, accountId: string, address: string): Promise<string> {
  try {
    return (await requireOwnAddress(db, accountId, address)).address;
  } catch (err) {
    if (err instanceof DomainError && err.code === 'address_not_found') {
      throw errors.addressNotFound(address.trim().toLowerCase(), { bodyField: 'address' });
    }
    throw err;
  }
}

export async function createWebhook(
  db: Db,
  checking: TargetChecking,
  accountId: string,
  input: { url: string; events: WebhookEventType[]; address?: string; description?: string },
  now = new Date(),
): Promise<{ view: WebhookView; secret: string }> {
  const url = await checkWebhookUrl(input.url, checking);
  const address = input.address === undefined ? null : await ownAddressFilter(db, accountId, input.address);
  const at = now.toISOString();
  const secret = newSecret();
  const row: WebhookRow = {
    id: newId('wh'),
    account_id: accountId,
    url,
    events: [...new Set(input.events)],
    address,
    description: input.description?.trim() || null,
    secret,
    previous_secret: null,
    previous_secret_expires_at: null,
    disabled_at: null,
    disabled_reason: null,
    failing_since: null,
    created_at: at,
    updated_at: at,
  };
  await insertWebhook(db, row);
  return { view: toWebhookView(row), secret };
}

export async function listWebhookViews(
  db: Db,
  accountId: string,
  page: { limit: number; offset: number },
): Promise<{ webhooks: WebhookView[]; count: number }> {
  const { rows, count } = await listWebhooksOf(db, accountId, page);
  return { webhooks: rows.map(toWebhookView), count };
}

export async function getWebhookView(db: Db, accountId: string, id: string): Promise<WebhookView> {
  return toWebhookView(await requireOwnWebhook(db, accountId, id));
}

export async function updateWebhook(
  db: Db,
  checking: TargetChecking,
  accountId: string,
  id: string,
  patch: { url?: string; events?: WebhookEventType[]; address?: string | null; description?: string | null; enabled?: boolean },
  now = new Date(),
): Promise<WebhookView> {
  const row = await requireOwnWebhook(db, accountId, id);
  const at = now.toISOString();
  const next: Partial<WebhookRow> = {};
  if (patch.url !== undefined) next.url = await checkWebhookUrl(patch.url, checking);
  if (patch.events !== undefined) next.events = [...new Set(patch.events)];
  if (patch.address !== undefined) next.address = patch.address === null ? null : await ownAddressFilter(db, accountId, patch.address);
  if (patch.description !== undefined) next.description = patch.description?.trim() || null;
  const enabled = row.disabled_at === null;
  let resumed = false;
  if (patch.enabled === false && enabled) {
    Object.assign(next, { disabled_at: at, disabled_reason: 'manual' });
  } else if (patch.enabled === true && !enabled) {
    Object.assign(next, { disabled_at: null, disabled_reason: null, failing_since: null });
    resumed = true;
  }
  const changed = (Object.keys(next) as Array<keyof WebhookRow>).filter((k) => next[k] !== row[k]);
  if (changed.length === 0) return toWebhookView(row);
  next.updated_at = at;
  await updateWebhookRow(db, row.id, next);
  // Deliveries that waited while the webhook was disabled go now rather than at their old schedule.
  if (resumed) await makePendingDueNow(db, row.id, at);
  return toWebhookView({ ...row, ...next });
}

export async function deleteWebhook(db: Db, accountId: string, id: string): Promise<{ id: string; deliveries: number }> {
  const row = await requireOwnWebhook(db, accountId, id);
  const deliveries = await countDeliveriesOf(db, row.id);
  await deleteWebhookById(db, row.id);
  return { id: row.id, deliveries };
}

/**
 * A new secret, answered once. The current one becomes the previous secret and keeps signing alongside the new one
 * for `previousExpiresIn` seconds (0: not at all); an older previous secret is dropped.
 */
export async function rotateWebhookSecret(
  db: Db,
  accountId: string,
  id: string,
  previousExpiresIn: number,
  now = new Date(),
): Promise<{ secret: string; previous_secret_expires_at: string | null }> {
  const row = await requireOwnWebhook(db, accountId, id);
  const secret = newSecret();
  const at = now.toISOString();
  const previousUntil = previousExpiresIn > 0 ? new Date(now.getTime() + previousExpiresIn * 1000).toISOString() : null;
  await updateWebhookRow(db, row.id, {
    secret,
    previous_secret: previousUntil ? row.secret : null,
    previous_secret_expires_at: previousUntil,
    updated_at: at,
  });
  return { secret, previous_secret_expires_at: previousUntil };
}

/** The secrets that sign a request at `now`: the current one first, then the previous one during its grace period. */
export function signingSecrets(row: WebhookRow, now: Date): string[] {
  const secrets = [row.secret];
  if (row.previous_secret && row.previous_secret_expires_at && row.previous_secret_expires_at > now.toISOString()) {
    secrets.push(row.previous_secret);
  }
  return secrets;
}

export async function listWebhookDeliveries(
  db: Db,
  accountId: string,
  id: string,
  page: { limit: number; offset: number; status?: DeliveryStatus },
): Promise<{ deliveries: WebhookDeliveryView[]; count: number }> {
  const webhook = await requireOwnWebhook(db, accountId, id);
  const { rows, count } = await listDeliveriesOf(db, webhook.id, page);
  const attempts = await attemptsOfDeliveries(
    db,
    rows.map((r) => r.id),
  );
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const a of attempts) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
  return { deliveries: rows.map((r) => toDeliveryView(r, byDelivery.get(r.id) ?? [])), count };
}

function refuseDisabled(webhook: WebhookRow): void {
  if (webhook.disabled_at !== null) {
    throw new DomainError('webhook_disabled', `Webhook ${webhook.id} is disabled (${webhook.disabled_reason ?? 'manual'}); enable it with an update first.`);
  }
}

async function deliveryView(db: Db, row: DeliveryWithPayload): Promise<WebhookDeliveryView> {
  return toDeliveryView(row, await attemptsOfDeliveries(db, [row.id]));
}

export async function redeliverWebhookDelivery(
  db: Db,
  accountId: string,
  webhookId: string,
  deliveryId: string,
  now = new Date(),
): Promise<WebhookDeliveryView> {
  const webhook = await requireOwnWebhook(db, accountId, webhookId);
  const row = await findDeliveryOf(db, webhook.id, deliveryId);
  if (!row) throw new DomainError('webhook_delivery_not_found', `No delivery ${deliveryId} for webhook ${webhook.id}.`);
  refuseDisabled(webhook);
  const at = now.toISOString();
  await requeueDelivery(db, row.id, at);
  return deliveryView(db, { ...row, status: 'pending', round_attempts: 0, next_attempt_at: at, finished_at: null });
}

/** A new outbox row: due now, nothing attempted. */
export function newDelivery(webhookId: string, payload: WebhookPayload, at: string, eventKey: string | null = null): DeliveryRow {
  return {
    id: newId('whd'),
    webhook_id: webhookId,
    event_type: payload.type,
    event_key: eventKey,
    payload: JSON.stringify(payload),
    status: 'pending',
    attempts: 0,
    round_attempts: 0,
    next_attempt_at: at,
    claimed_until: null,
    created_at: at,
    finished_at: null,
  };
}

export async function sendTestWebhook(db: Db, accountId: string, webhookId: string, now = new Date()): Promise<WebhookDeliveryView> {
  const webhook = await requireOwnWebhook(db, accountId, webhookId);
  refuseDisabled(webhook);
  const at = now.toISOString();
  const payload = testPayload(webhook.id, at);
  const row = newDelivery(webhook.id, payload, at);
  await insertDeliveries(db, [row]);
  return toDeliveryView({ ...row, payload }, []);
}

/** Whether a webhook subscribes to an event type. */
export function subscribes(row: WebhookRow, type: EventType): boolean {
  return row.events.includes(type);
}
