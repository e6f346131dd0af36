import type { Db } from '../db/database.js';
import { listKeysForAccount } from '../db/keys.js';
import { addUsage, existingKeyIds, usageOfAccount, type UsageRow } from '../db/usage.js';

/**
 * Per-key usage without a write per request: `record()` bumps an in-memory counter for (key, UTC day,
 * operation); `flush()` adds the counters to `usage_daily` in one transaction every few seconds and on close.
 * A failed flush keeps its counts for the next one, so a database hiccup loses nothing — except counts of keys
 * that no longer exist (an account deleted meanwhile), which could never be written and would block every flush.
 */
export interface UsageSink {
  record(keyId: string, operationId: string, rateLimited: boolean, now?: Date): void;
  /** Writes what is pending; concurrent calls queue behind each other. */
  flush(): Promise<void>;
  /** Starts the periodic flush; `onError` hears about failed writes (their counts are retried). */
  start(onError?: (err: unknown) => void): void;
  /** Stops the timer and writes what is pending. */
  stop(): Promise<void>;
}

export interface UsageRecorderOptions {
  intervalMs?: number;
}

export class UsageRecorder implements UsageSink {
  private pending = new Map<string, UsageRow>();
  private queue: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private onError: (err: unknown) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly options: UsageRecorderOptions = {},
  ) {}

  /** The UTC day of the last record and the millisecond range it covers: most records fall in the same day. */
  private today = { day: '', from: 0, to: 0 };

  record(keyId: string, operationId: string, rateLimited: boolean, now = new Date()): void {
    const ms = now.getTime();
    if (ms < this.today.from || ms >= this.today.to) {
      const from = ms - (ms % 86_400_000);
      this.today = { day: now.toISOString().slice(0, 10), from, to: from + 86_400_000 };
    }
    const day = this.today.day;
    const id = `${keyId} ${day} ${operationId}`;
    const row = this.pending.get(id);
    if (row) {
      row.requests += 1;
      if (rateLimited) row.rate_limited += 1;
    } else {
      this.pending.set(id, { key_id: keyId, day, operation_id: operationId, requests: 1, rate_limited: rateLimited ? 1 : 0 });
    }
  }

  /** Counts not yet written (for tests and diagnostics). */
  get pendingRows(): number {
    return this.pending.size;
  }

  flush(): Promise<void> {
    this.queue = this.queue.then(() => this.write());
    return this.queue;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await addUsage(this.db, [...batch.values()]);
    } catch (err) {
      const live = await existingKeyIds(this.db, [...new Set([...batch.values()].map((r) => r.key_id))]).catch(() => undefined);
      // Put the counts back (merged with anything recorded meanwhile) for the next flush.
      for (const [id, row] of batch) {
        if (live && !live.has(row.key_id)) continue;
        const now = this.pending.get(id);
        if (now) {
          now.requests += row.requests;
          now.rate_limited += row.rate_limited;
        } else this.pending.set(id, row);
      }
      this.onError(err);
    }
  }

  start(onError?: (err: unknown) => void): void {
    if (onError) this.onError = onError;
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.intervalMs ?? 5_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
}

export interface UsageReport {
  from: string;
  to: string;
  days: string[];
  keys: Array<{ id: string; name: string; kind: 'tools' | 'developer'; prefix: string; revoked_at: string | null }>;
  endpoints: Array<{ operation_id: string; method: string; path: string }>;
  rows: UsageRow[];
  totals: { requests: number; rate_limited: number };
}

const DAY_MS = 86_400_000;

/** The account's usage over the `days` UTC days ending today, with every day of the range listed. */
export async function usageReport(db: Db, accountId: string, days: number, operations: OperationInfo[], now = new Date()): Promise<UsageReport> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const range = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  const from = range[0];
  const to = range[range.length - 1];
  const rows = await usageOfAccount(db, accountId, from, to);
  const keyIds = new Set(rows.map((r) => r.key_id));
  const opIds = new Set(rows.map((r) => r.operation_id));
  const keys = (await listKeysForAccount(db, accountId))
    .filter((k) => keyIds.has(k.id))
    .map((k) => ({ id: k.id, name: k.name, kind: k.kind, prefix: k.prefix, revoked_at: k.revoked_at }));
  const known = new Map(operations.map((o) => [o.operationId, o]));
  // An operation removed from the spec since it was counted still gets a row, described by its id alone.
  const endpoints = [...opIds].sort().map((id) => ({ operation_id: id, method: known.get(id)?.method ?? '', path: known.get(id)?.path ?? '' }));
  const totals = rows.reduce((t, r) => ({ requests: t.requests + r.requests, rate_limited: t.rate_limited + r.rate_limited }), { requests: 0, rate_limited: 0 });
  return { from, to, days: range, keys, endpoints, rows, totals };
}
