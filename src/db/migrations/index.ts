import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../dialect.js';
import * as accountsKeys from './20261121-0001-accounts-keys.js';
import * as mail from './20261121-0002-mail.js';
import * as webhooks from './20261121-0003-webhooks.js';
import * as domains from './20261121-0004-domains.js';
import * as dashboard from './20261121-0005-dashboard.js';
import * as eventLog from './20261123-0006-event-log.js';
import * as codesLinks from './20261123-0007-codes-links.js';
import * as qaToolkit from './20261123-0008-qa-toolkit.js';
import * as messageContents from './20261123-0009-message-contents.js';
import * as parseError from './20261123-0010-parse-error.js';
import * as messageChecks from './20261124-0011-message-checks.js';
import * as intakeQueue from './20261124-0012-intake-queue.js';
import * as keyScopes from './20261124-0013-key-scopes.js';
import * as teams from './20261124-0014-teams.js';
import * as sandboxes from './20261124-0015-sandboxes.js';
import * as providerApis from './20261124-0016-provider-apis.js';
import * as intakeQueueDue from './20261128-0017-intake-queue-due.js';

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down?(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Ordered by name: a new migration gets the next timestamped name and one line here. */
const migrations: Record<string, DialectMigration> = {
  '20261121-0001-accounts-keys': accountsKeys,
  '20261121-0002-mail': mail,
  '20261121-0003-webhooks': webhooks,
  '20261121-0004-domains': domains,
  '20261121-0005-dashboard': dashboard,
  '20261123-0006-event-log': eventLog,
  '20261123-0007-codes-links': codesLinks,
  '20261123-0008-qa-toolkit': qaToolkit,
  '20261123-0009-message-contents': messageContents,
  '20261123-0010-parse-error': parseError,
  '20261124-0011-message-checks': messageChecks,
  '20261124-0012-intake-queue': intakeQueue,
  '20261124-0013-key-scopes': keyScopes,
  '20261124-0014-teams': teams,
  '20261124-0015-sandboxes': sandboxes,
  '20261124-0016-provider-apis': providerApis,
  '20261128-0017-intake-queue-due': intakeQueueDue,
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
