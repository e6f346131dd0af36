import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from './database.js';
import { dialectOf } from './dialect.js';

/** `%`, `_` and the escape character itself are matched literally: a search for "50%_off" finds exactly that. */
const ESCAPE = '!';

function likeLiteral(text: string): string {
  return text.replace(/[!%_]/g, (c) => ESCAPE + c);
}

/**
 * `column` contains `needle`, ignoring case, identically on both stores: both sides are folded by the same function
 * — PostgreSQL's lower(), or on SQLite the Unicode-aware unicode_lower() registered in database.ts (SQLite's own
 * lower() leaves non-ASCII letters alone).
 */
export function containsIgnoringCase(db: Db, column: string, needle: string): RawBuilder<SqlBool> {
  const fold = dialectOf(db) === 'sqlite' ? sql.raw('unicode_lower') : sql.raw('lower');
  const pattern = `%${likeLiteral(needle)}%`;
  return sql<SqlBool>`${fold}(${sql.ref(column)}) like ${fold}(${pattern}) escape ${sql.lit(ESCAPE)}`;
}
