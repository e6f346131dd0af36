import { v7 as uuidv7 } from 'uuid';

/** What each kind of record's id starts with. */
export type IdPrefix = 'acc' | 'key' | 'psn' | 'inv' | 'adr' | 'dom' | 'sbx' | 'flt' | 'msg' | 'att' | 'cnt' | 'inq' | 'wh' | 'whd' | 'wha';

/**
 * A new record id: the prefix, `_` and 32 hex digits — a UUIDv7 (RFC 9562) without its dashes: 48 bits of the time in
 * milliseconds, then 74 random bits (monotonic within a process). Ids made later sort later, so each insert into a
 * primary-key or foreign-key index lands on its last page instead of a random one: during a burst of mail the
 * messages, contents, queue entries and events of one commit share their index pages (BENCHMARKS.md, issue #19,
 * session 16). The time they reveal is a record's creation time, which the API shows anyway.
 */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${uuidv7().replace(/-/g, '')}`;
}
