import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { LoadedSpec } from './http/spec.js';
import type { EventBus } from './services/events.js';
import type { KeyAuthenticator } from './services/keys.js';
import type { MxResolver } from './services/tools/email-verify.js';

/** What handlers and plugins get to work with; built once in buildApp (tests pass their own parts). */
export interface Deps {
  config: Config;
  database: Database;
  spec: LoadedSpec;
  keys: KeyAuthenticator;
  resolver: MxResolver;
  /** Domain events (message received, address created/deleted/expired) for waits, streams and webhooks. */
  events: EventBus;
  version: string;
}
