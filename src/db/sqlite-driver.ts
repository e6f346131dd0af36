import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/**
 * better-sqlite3, in the major version the running Node can use. Version 12 is built on Node's own ObjectWrap. Built
 * against the headers of Node 24.19 or later, its statements abort the process when the garbage collector finalises
 * one outside a JavaScript context (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook;
 * nodejs/node#65446): the server died at start. Version 13 is built on Node-API 10, which Node 20 lacks (it crashes
 * there at the first statement), so it is an optional dependency (`better-sqlite3-napi`) that npm installs only on
 * Node 22 and later, and that is used only where Node-API 10 is present. Both have the same API; each stays on the
 * one store file it opened.
 */
function load(): { SQLite: typeof BetterSqlite3; from: 'better-sqlite3' | 'better-sqlite3-napi' } {
  if (Number(process.versions.napi) >= 10) {
    try {
      return { SQLite: require('better-sqlite3-napi') as typeof BetterSqlite3, from: 'better-sqlite3-napi' };
    } catch {
      // Not installed (npm skipped the optional dependency): version 12 below.
    }
  }
  return { SQLite: require('better-sqlite3') as typeof BetterSqlite3, from: 'better-sqlite3' };
}

const loaded = load();
export const SQLite = loaded.SQLite;
/** The package SQLite came from: `better-sqlite3-napi` (version 13) or `better-sqlite3` (version 12). */
export const sqliteDriver = loaded.from;
