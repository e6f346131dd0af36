import { randomUUID } from 'node:crypto';

/** What each kind of record's id starts with. */
export type IdPrefix = 'acc' | 'key' | 'psn' | 'inv' | 'adr' | 'dom' | 'sbx' | 'flt' | 'msg' | 'att' | 'cnt' | 'inq' | 'wh' | 'whd' | 'wha';

/**
 * A new record id: the prefix, `_` and 32 hex digits — a UUIDv7 (RFC 9562) without its dashes: 48 bits of the time in
 * milliseconds, the version, then 74 random bits. Ids made in a later millisecond sort later, so each insert into a
 * primary-key or foreign-key index lands on its last page instead of a random one: during a burst of mail the
 * messages, contents and queue entries of one commit share their index pages. The time they reveal is a record's
 * creation time, which the API shows anyway.
 *
 * The random part is node's randomUUID's (a version 4 UUID's random bits and variant, from its cached entropy): the
 * `uuid` package's v7 draws 16 bytes from crypto.getRandomValues for every id, three times the cost, which showed in
 * the event loop's profile during a burst (BENCHMARKS.md, intake queue, session 16).
 */
export function newId(prefix: IdPrefix): string {
  // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: keep what follows the version digit, V (the variant) included.
  const random = randomUUID();
  return `${prefix}_${Date.now().toString(16).padStart(12, '0')}7${random.slice(15, 18)}${random.slice(19, 23)}${random.slice(24)}`;
}
