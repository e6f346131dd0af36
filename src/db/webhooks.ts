import type { Db } from './database.js';
import { pageOfAccount, type Page } from './pages.js';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhooksTable } from './schema.js';

/** A webhook with its `events` column decoded (a JSON array in the table; only this module sees the JSON). */
export type WebhookRow = Omit<WebhooksTable, 'events'> & { events: string[] };
const decodeWebhook = ({ events, ...rest }: WebhooksTable): WebhookRow => ({ ...rest, events: JSON.parse(events) as string[] });
/** A delivery as the API shows it: the frozen payload decoded. The worker reads `payload` as the body it signs. */
export type DeliveryWithPayload = Omit<WebhookDeliveriesTable, 'payload'> & { payload: unknown };
const decodeDelivery = ({ payload, ...rest }: WebhookDeliveriesTable): DeliveryWithPayload => ({ ...rest, payload: JSON.parse(payload) as unknown });
export type DeliveryRow = WebhookDeliveriesTable;
export type AttemptRow = WebhookAttemptsTable;
export type DeliveryStatus = DeliveryRow['status'];

export async function insertWebhook(db: Db, row: WebhookRow): Promise<void> {
  await db.insertInto('webhooks').values({ ...row, events: JSON.stringify(row.events) }).execute();
}

export async function findWebhookById(db: Db, id: string): Promise<WebhookRow | undefined> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodeWebhook(row);
}

export async function findWebhookOf(db: Db, accountId: string, id: string): Promise<WebhookRow | undefined> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  return row && decodeWebhook(row);
}

export async function listWebhooksOf(db: Db, accountId: string, page: Page): Promise<{ rows: WebhookRow[]; count: number }> {
  const { rows, count } = await pageOfAccount(db, 'webhooks', accountId, page);
  return { rows: rows.map(decodeWebhook), count };
}

/** Enabled webhooks of these accounts, each account's in creation order (the enqueuer reads them once per batch of events). */
export async function findEnabledWebhooksOf(db: Db, accountIds: string[]): Promise<Map<string, WebhookRow[]>> {
  const byAccount = new Map<string, WebhookRow[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db
    .selectFrom('webhooks')
    .selectAll()
    .where('account_id', 'in', [...new Set(accountIds)])
    .where('disabled_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byAccount.get(row.account_id) ?? [];
    list.push(decodeWebhook(row));
    byAccount.set(row.account_id, list);
  }
  return byAccount;
}

export async function updateWebhookRow(db: Db, id: string, patch: Partial<Omit<WebhookRow, 'id' | 'account_id'>>): Promise<void> {
  const { events, ...rest } = patch;
  await db
    .updateTable('webhooks')
    .set({ ...rest, ...(events !== undefined ? { events: JSON.stringify(events) } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Deletes a webhook; its deliveries and attempts go by cascade. */
export async function deleteWebhookById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

/** Remembers the first failure since the last success (no-op when already failing). */
export async function markWebhookFailing(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('webhooks').set({ failing_since: at }).where('id', '=', id).where('failing_since', 'is', null).execute();
}

export async function markWebhookHealthy(db: Db, id: string): Promise<void> {
  await db.updateTable('webhooks').set({ failing_since: null }).where('id', '=', id).where('failing_since', 'is not', null).execute();
}

/** Disables an enabled webhook whose failures began at or before `failingSinceUpTo`. True when it did. */
export async function disableFailingWebhook(db: Db, id: string, failingSinceUpTo: string, at: string): Promise<boolean> {
  const res = await db
    .updateTable('webhooks')
    .set({ disabled_at: at, disabled_reason: 'failing', updated_at: at })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .where('failing_since', '<=', failingSinceUpTo)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Queues deliveries; a row for an event a webhook already has queued (same event_key) is skipped. */
export async function insertDeliveries(db: Db, rows: DeliveryRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('webhook_deliveries')
    .values(rows)
    .onConflict((oc) => oc.columns(['webhook_id', 'event_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function countDeliveriesOf(db: Db, webhookId: string, status?: DeliveryStatus): Promise<number> {
  let query = db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('webhook_id', '=', webhookId);
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** One page of a webhook's deliveries, newest first, and the total matching `status`. */
export async function listDeliveriesOf(
  db: Db,
  webhookId: string,
  page: { limit: number; offset: number; status?: DeliveryStatus },
): Promise<{ rows: DeliveryWithPayload[]; count: number }> {
  let query = db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId);
  if (page.status) query = query.where('status', '=', page.status);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  return { rows: rows.map(decodeDelivery), count: await countDeliveriesOf(db, webhookId, page.status) };
}

export async function findDeliveryOf(db: Db, webhookId: string, deliveryId: string): Promise<DeliveryWithPayload | undefined> {
  const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('webhook_id', '=', webhookId).executeTakeFirst();
  return row && decodeDelivery(row);
}

/** The attempts of several deliveries, each delivery's in attempt order. */
export async function attemptsOfDeliveries(db: Db, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('delivery_id').orderBy('attempt').execute();
}

/** Back to `pending`, due at `at`, with a fresh retry schedule (manual redelivery). */
export async function requeueDelivery(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', round_attempts: 0, next_attempt_at: at, finished_at: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Makes every pending delivery of a webhook due at `at` with a fresh retry schedule (it was enabled again): the
 * attempts made while it was failing stay in the log, but toggling a webhook never uses up a delivery's retries.
 */
export async function makePendingDueNow(db: Db, webhookId: string, at: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: at, round_attempts: 0 })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute();
}

/** Pending deliveries of enabled webhooks that are due and not claimed by a live worker, oldest due first. */
export async function findDueDeliveries(db: Db, now: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .selectAll('webhook_deliveries')
    .where('webhook_deliveries.status', '=', 'pending')
    .where('webhook_deliveries.next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('webhook_deliveries.claimed_until', 'is', null), eb('webhook_deliveries.claimed_until', '<=', now)]))
    .where('webhooks.disabled_at', 'is', null)
    .orderBy('webhook_deliveries.next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a due delivery until `until` with a conditional update: of several workers (or instances) racing for the
 * same row exactly one sees one updated row. A claim whose worker died expires and the row becomes due again.
 */
export async function claimDelivery(db: Db, id: string, now: string, until: string): Promise<boolean> {
  const res = await db
    .updateTable('webhook_deliveries')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    // Still due: another instance may have attempted and rescheduled it since it was listed.
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function releaseClaim(db: Db, id: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ claimed_until: null }).where('id', '=', id).execute();
}

/**
 * Logs one attempt, moves the delivery to its next state and updates the webhook's failure tracking, in one
 * transaction (one durable commit per attempt). A success clears `failing_since`; a failure sets it if unset and
 * disables the webhook when it is at or before `disableIfFailingSince`. Resolves with whether it disabled it.
 */
export async function recordAttempt(
  db: Db,
  webhookId: string,
  attempt: AttemptRow,
  next: Pick<DeliveryRow, 'status' | 'attempts' | 'round_attempts' | 'next_attempt_at' | 'finished_at'>,
  health: { ok: true } | { ok: false; disableIfFailingSince: string },
): Promise<{ disabled: boolean }> {
  return db.transaction().execute(async (trx) => {
    // The webhook's row before the delivery's, in the order its deletion's cascade takes them: the other way round
    // the two could deadlock on PostgreSQL.
    let disabled = false;
    if (health.ok) {
      await markWebhookHealthy(trx, webhookId);
    } else {
      await markWebhookFailing(trx, webhookId, attempt.attempted_at);
      disabled = await disableFailingWebhook(trx, webhookId, health.disableIfFailingSince, attempt.attempted_at);
    }
    await trx.insertInto('webhook_attempts').values(attempt).execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({ ...next, claimed_until: null })
      .where('id', '=', attempt.delivery_id)
      .execute();
    return { disabled };
  });
}

/** Deletes deliveries (and their attempts) that finished before `before`. Returns how many went. */
export async function pruneFinishedDeliveries(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('finished_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
