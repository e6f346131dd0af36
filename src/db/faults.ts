import type { Db } from './database.js';
import type { components } from '../../generated/schema.js';

export type FaultRule = components['schemas']['FaultRule'];

export interface StoredFaultRule {
  id: string;
  rule: FaultRule;
  remaining: number | null;
  fired: number;
}

/**
 * Replaces the address's rules (counters at zero, the greylist forgotten) and stamps the address; an empty list
 * clears the profile (the stamp goes back to null, so SMTP skips the look-up). Call inside a transaction (`trx`):
 * the stamp and the rules change together. Answers the stamp written, or `gone` when the address was deleted
 * meanwhile.
 *
 * The address's row is taken first, as the deletion of an address takes it before its cascade takes the rules:
 * taken the other way round, the two deadlock on PostgreSQL.
 */
export async function replaceFaultRules(
  trx: Db,
  addressId: string,
  rules: Array<{ id: string; rule: FaultRule }>,
  now: string,
): Promise<{ stamp: string | null } | 'gone'> {
  const stamp = rules.length > 0 ? now : null;
  const stamped = await trx.updateTable('addresses').set({ faults_updated_at: stamp }).where('id', '=', addressId).executeTakeFirst();
  if (Number(stamped.numUpdatedRows) === 0) return 'gone' as const;
  await trx.deleteFrom('fault_rules').where('address_id', '=', addressId).execute();
  await trx.deleteFrom('fault_greylist').where('address_id', '=', addressId).execute();
  if (rules.length > 0) {
    await trx
      .insertInto('fault_rules')
      .values(
        rules.map(({ id, rule }, position) => ({
          id,
          address_id: addressId,
          position,
          rule_json: JSON.stringify(rule),
          remaining: 'times' in rule && rule.times !== undefined ? rule.times : null,
        })),
      )
      .execute();
  }
  return { stamp };
}

export async function listFaultRules(db: Db, addressId: string): Promise<StoredFaultRule[]> {
  const rows = await db
    .selectFrom('fault_rules')
    .select(['id', 'rule_json', 'remaining', 'fired'])
    .where('address_id', '=', addressId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ id: r.id, rule: JSON.parse(r.rule_json) as FaultRule, remaining: r.remaining === null ? null : Number(r.remaining), fired: Number(r.fired) }));
}

/**
 * Counts one firing of the rule. A rule with `times` fires only while it has firings left: the decrement is one
 * conditional UPDATE, so two instances never share the last one. False when it has none left (or was replaced).
 */
export async function fireFaultRule(db: Db, rule: Pick<StoredFaultRule, 'id' | 'remaining'>): Promise<boolean> {
  let update = db.updateTable('fault_rules').where('id', '=', rule.id);
  if (rule.remaining !== null) {
    update = update.set((eb) => ({ remaining: eb('remaining', '-', 1), fired: eb('fired', '+', 1) })).where('remaining', '>', 0);
  } else {
    update = update.set((eb) => ({ fired: eb('fired', '+', 1) }));
  }
  const res = await update.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** When the greylist first saw `sender` try this address; records now when it had not (a race keeps the first). */
export async function greylistFirstSeen(db: Db, addressId: string, sender: string, now: string): Promise<string | null> {
  const seen = await db
    .selectFrom('fault_greylist')
    .select('first_seen_at')
    .where('address_id', '=', addressId)
    .where('sender', '=', sender)
    .executeTakeFirst();
  if (seen) return seen.first_seen_at;
  await db.insertInto('fault_greylist').values({ address_id: addressId, sender, first_seen_at: now }).onConflict((oc) => oc.doNothing()).execute();
  return null;
}
