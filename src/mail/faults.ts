import type { Db } from '../db/database.js';
import { fireFaultRule, greylistFirstSeen, listFaultRules, replaceFaultRules, type FaultRule, type StoredFaultRule } from '../db/faults.js';
import { transactWithEvents } from '../db/events.js';
import { requireOwnAddress } from './addresses.js';
import { errors } from '../platform/errors.js';
import { eventRecord } from '../platform/events/contract.js';
import type { components } from '../../generated/schema.js';
import { newId } from '../platform/ids.js';

/**
 * SMTP fault profiles: rules a test puts on one of its addresses so that delivery to it fails on purpose. The
 * rules and their counters are stored (they survive a restart and hold on every instance); SMTP asks `faultAt`
 * at each stage of a transaction naming the address. The semantics are the spec's (setAddressFaults).
 */

export type FaultProfileView = components['schemas']['FaultProfile'];
export type FaultStage = components['schemas']['FaultStage'];

function view(address: string, updatedAt: string | null, rules: StoredFaultRule[]): FaultProfileView {
  return { success: true, address, rules: rules.map((r) => ({ ...r.rule, fired: r.fired, remaining: r.remaining })), updated_at: updatedAt };
}

export async function getFaultProfile(db: Db, accountId: string, address: string): Promise<FaultProfileView> {
  const row = await requireOwnAddress(db, accountId, address);
  return view(row.address, row.faults_updated_at, row.faults_updated_at === null ? [] : await listFaultRules(db, row.id));
}

export async function putFaultProfile(db: Db, accountId: string, address: string, rules: FaultRule[], now = new Date()): Promise<FaultProfileView> {
  const row = await requireOwnAddress(db, accountId, address);
  // The stamp says whether SMTP reads the rules at all: every instance's recipient cache drops the address with it.
  const replaced = await transactWithEvents(db, async (trx, emit) => {
    const done = await replaceFaultRules(trx, row.id, rules.map((rule) => ({ id: newId('flt'), rule })), now.toISOString());
    if (done !== 'gone') emit(eventRecord({ type: 'address.changed', accountId, addressId: row.id, address: row.address, at: now.toISOString() }, now));
    return done;
  });
  if (replaced === 'gone') throw errors.addressNotFound(row.address);
  const updatedAt = replaced.stamp;
  return view(row.address, updatedAt, updatedAt === null ? [] : await listFaultRules(db, row.id));
}

export async function clearFaultProfile(db: Db, accountId: string, address: string): Promise<FaultProfileView> {
  return putFaultProfile(db, accountId, address, []);
}

/** What SMTP does at a stage: answer an error, drop the connection, or go on — after holding the answer `delayMs`. */
export type FaultOutcome =
  | { kind: 'reject'; code: number; message: string; delayMs: number }
  | { kind: 'disconnect'; delayMs: number }
  | { kind: 'pass'; delayMs: number };

export interface FaultContext {
  /** The client's IP and MAIL FROM, the pair the greylist remembers. */
  clientIp: string;
  mailFrom: string;
  now?: Date;
  /** Draws for `probability` (tests pass their own). */
  random?: () => number;
}

function defaultText(code: number): string {
  return `${code < 500 ? '4' : '5'}.7.0 Fault injected by Ephemail`;
}

function applies(rule: FaultRule, stage: FaultStage): boolean {
  // Greylisting is decided when the address is named (RCPT TO).
  if (rule.action === 'greylist') return stage === 'rcpt';
  return rule.stage === stage || (stage === 'rcpt' && rule.stage === 'mail');
}

/**
 * Checks the address's rules for one stage, in order. `rcpt` also runs the `mail` rules (the address is first known
 * at RCPT TO) and the greylist. Each rule that fires is counted in the store; the first reject, greylist refusal
 * or disconnect decides, and delays that fired before it add up.
 */
export async function faultAt(db: Db, addressId: string, stage: FaultStage, ctx: FaultContext): Promise<FaultOutcome & { stage?: FaultStage }> {
  const rules = await listFaultRules(db, addressId);
  const now = ctx.now ?? new Date();
  const random = ctx.random ?? Math.random;
  let delayMs = 0;
  for (const stored of rules) {
    const { rule } = stored;
    if (!applies(rule, stage)) continue;
    if (rule.action === 'greylist') {
      const first = await greylistFirstSeen(db, addressId, `${ctx.clientIp} ${ctx.mailFrom.toLowerCase()}`, now.toISOString());
      if (first !== null && now.getTime() - Date.parse(first) >= rule.retry_after * 1000) continue;
      await fireFaultRule(db, stored);
      const wait = first === null ? rule.retry_after : Math.ceil(rule.retry_after - (now.getTime() - Date.parse(first)) / 1000);
      return { kind: 'reject', code: 451, message: `4.7.1 Greylisted, try again in ${wait} seconds`, delayMs };
    }
    if (rule.probability !== undefined && random() >= rule.probability) continue;
    if (!(await fireFaultRule(db, stored))) continue;
    if (rule.action === 'delay') {
      delayMs += rule.ms;
      continue;
    }
    if (rule.action === 'disconnect') return { kind: 'disconnect', delayMs, stage: rule.stage };
    return { kind: 'reject', code: rule.code, message: rule.message ?? defaultText(rule.code), delayMs, stage: rule.stage };
  }
  return { kind: 'pass', delayMs };
}
