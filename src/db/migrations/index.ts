import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../dialect.js';
import * as accountsKeys from './20261121-0001-accounts-keys.js';
import * as mail from './20261121-0002-mail.js';

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down?(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Ordered by name: a new migration gets the next timestamped name and one line here. */
const migrations: Record<string, DialectMigration> = {
  '20261121-0001-accounts-keys': accountsKeys,
  '20261121-0002-mail': mail,
};

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) {
        out[name] = {
          up: (db) => m.up(db, dialect),
          down: m.down ? (db) => m.down!(db, dialect) : undefined,
        };
      }
      return out;
    },
  };
}
