import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { SQLite, sqliteDriver } from '../../../src/db/sqlite-driver.js';

const require = createRequire(import.meta.url);
const installed = (name: string) => {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    return null;
  }
};

describe('the SQLite driver', () => {
  it('is better-sqlite3 13 where Node-API 10 is and npm installed it, and 12 wherever 13 would crash', () => {
    const napi = Number(process.versions.napi);
    if (napi < 10) expect(sqliteDriver).toBe('better-sqlite3');
    else expect(sqliteDriver).toBe(installed('better-sqlite3-napi') ? 'better-sqlite3-napi' : 'better-sqlite3');
    expect(installed(sqliteDriver)).toMatch(sqliteDriver === 'better-sqlite3-napi' ? /^13\./ : /^12\./);
  });

  it('opens a store and answers, statements collected and all', () => {
    const db = new SQLite(':memory:');
    db.exec('create table t (id integer primary key, v text)');
    // Statements prepared and dropped, for the collector to finalise (what aborted Node 24 with version 12).
    for (let i = 0; i < 2000; i++) db.prepare(`insert into t (v) values ('${i}')`).run();
    (globalThis as { gc?: () => void }).gc?.();
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 2000 });
    db.close();
  });
});
