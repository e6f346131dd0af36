import type { Db } from './database.js';
import { isForeignKeyViolation } from './dialect.js';
import type { components } from '../../generated/schema.js';
import type { CompatibilityData } from '../mail/checks/client-support.js';

type Schemas = components['schemas'];
/** What never changes for a content: its client support and HTML validation (null parts: no HTML body). */
export interface StaticReport {
  html_compatibility: CompatibilityData | null;
  html_validation: Schemas['HtmlValidation'] | null;
}
export interface StoredChecks {
  report: StaticReport;
  links: Schemas['LinkChecks'] | null;
  spam: Schemas['SpamCheck'] | null;
}

/** The checks cached for a content, decoded; undefined before the first check. */
export async function findChecks(db: Db, contentId: string): Promise<StoredChecks | undefined> {
  const row = await db.selectFrom('message_checks').selectAll().where('content_id', '=', contentId).executeTakeFirst();
  if (!row) return undefined;
  return {
    report: JSON.parse(row.report_json) as StaticReport,
    links: row.links_json === null ? null : (JSON.parse(row.links_json) as Schemas['LinkChecks']),
    spam: row.spam_json === null ? null : (JSON.parse(row.spam_json) as Schemas['SpamCheck']),
  };
}

/**
 * Runs a cache write; a content deleted while it was being checked (its last copy deleted meanwhile) leaves nothing
 * to cache, which is not an error of the check.
 */
async function unlessContentGone(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
  }
}

/**
 * Stores a content's checks. Two requests checking the same content at once both compute and the later write wins;
 * the parts they store are equivalent, so neither is lost in a way a user could tell.
 */
export async function saveChecks(db: Db, contentId: string, checks: StoredChecks, now: string): Promise<void> {
  const values = {
    report_json: JSON.stringify(checks.report),
    links_json: checks.links === null ? null : JSON.stringify(checks.links),
    links_checked_at: checks.links?.checked_at ?? null,
    spam_json: checks.spam === null ? null : JSON.stringify(checks.spam),
    spam_checked_at: checks.spam?.checked_at ?? null,
  };
  await unlessContentGone(
    db
      .insertInto('message_checks')
      .values({ content_id: contentId, created_at: now, ...values })
      .onConflict((oc) => oc.column('content_id').doUpdateSet(values))
      .execute(),
  );
}

export async function findPreview(db: Db, contentId: string, variant: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('message_previews').select('png').where('content_id', '=', contentId).where('variant', '=', variant).executeTakeFirst();
  if (!row) return undefined;
  return Buffer.isBuffer(row.png) ? row.png : Buffer.from(row.png);
}

/** Stores a rendered preview; a concurrent render of the same variant stored first is kept (they are the same picture). */
export async function savePreview(db: Db, contentId: string, variant: string, png: Buffer, now: string): Promise<void> {
  await unlessContentGone(
    db
      .insertInto('message_previews')
      .values({ content_id: contentId, variant, png, created_at: now })
      .onConflict((oc) => oc.columns(['content_id', 'variant']).doNothing())
      .execute(),
  );
}
