import { describe, expect, it } from 'vitest';
import { isStoreFull, isStoreUnavailable } from '../../../src/db/dialect.js';

describe("the stores' error codes", () => {
  it('takes a full disk on either store, or a spool file that cannot be written, for a full store', () => {
    // SQLite's code (better-sqlite3's SqliteError), PostgreSQL's SQLSTATE 53100 disk_full (pg's DatabaseError), a file.
    for (const code of ['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']) expect(isStoreFull(Object.assign(new Error('full'), { code }))).toBe(true);
    for (const code of ['SQLITE_BUSY', '53200', '53300', 'EACCES', undefined]) expect(isStoreFull(Object.assign(new Error('other'), { code }))).toBe(false);
    expect(isStoreFull(null)).toBe(false);
    // A full store is not one that does not answer: it needs an operator, not a reconnect.
    expect(isStoreUnavailable(Object.assign(new Error('full'), { code: '53100' }))).toBe(false);
  });
});
