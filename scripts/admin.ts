/**
 * Operator CLI: `npm run admin -- <command>`. Uses the same environment as the server (DATA_DIR / DATABASE_URL)
 * and is safe while the server runs (SQLite WAL with a busy timeout; PostgreSQL transactions).
 *
 *   account create --email E [--plan free|developer]
 *   account plan   --email E --plan free|developer
 *   account password --email E   (the new password on stdin: a dashboard log-in for an operator-made account)
 *   key create     --email E --kind tools|developer [--name N] [--scopes a,b] [--expires-in SECONDS]
 *                  [--restrict-addresses PATTERN ...]   (the key alone on the last line of stdout)
 *   key list       --email E
 *   key revoke     KEY_OR_ID
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { changePlan, createAccount, requireAccount, type Plan } from '../src/identity/accounts.js';
import { setAccountPassword } from '../src/identity/credentials.js';
import { DomainError } from '../src/platform/errors.js';
import { createKey, listKeys, revokeKeyByIdOrValue, type KeyKind } from '../src/identity/keys.js';
import { ALL_SCOPES, rightsOf, type RequestedRights } from '../src/identity/key-rights.js';

const USAGE = `usage: npm run admin -- <command>
  account create --email E [--plan free|developer]
  account plan   --email E --plan free|developer
  account password --email E        (reads the new password from stdin)
  key create     --email E --kind tools|developer [--name NAME]
                 [--scopes SCOPE,SCOPE] [--expires-in SECONDS] [--restrict-addresses PATTERN ...]
                 (Developer keys: scopes from KeyScope in openapi.yaml, default all; patterns like ci-*@domain)
  key list       --email E
  key revoke     KEY_OR_ID`;

class UsageError extends Error {}

function need(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required`);
  return value;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/**
 * The new password: the first line of stdin, so it never appears in the process list or shell history
 * (`read -s PW; printf '%s\n' "$PW" | npm run admin -- account password --email E`). At a terminal it is asked
 * for, without echo.
 */
async function readPassword(): Promise<string> {
  const { stdin, stderr } = process;
  if (stdin.isTTY) {
    stderr.write('New password: ');
    stdin.setRawMode(true);
    let typed = '';
    for await (const chunk of stdin) {
      for (const ch of String(chunk)) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stderr.write('\n');
          return typed;
        }
        if (ch === '\u0003') throw new UsageError('cancelled');
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    }
    return typed;
  }
  let input = '';
  for await (const chunk of stdin) input += String(chunk);
  const line = input.split(/\r?\n/)[0] ?? '';
  if (!line) throw new UsageError('give the new password on stdin');
  return line;
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      plan: { type: 'string' },
      kind: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      'expires-in': { type: 'string' },
      'restrict-addresses': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [group, command, arg] = positionals;
  if (values.help || !group) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const db = database.db;
  try {
    switch (`${group} ${command ?? ''}`.trim()) {
      case 'account create': {
        const plan = oneOf(values.plan ?? 'free', ['free', 'developer'] as const, '--plan');
        const account = await createAccount(db, need(values.email, '--email'), plan);
        console.log(`created account ${account.email} (${account.plan} plan, id ${account.id})`);
        break;
      }
      case 'account plan': {
        const plan = oneOf(need(values.plan, '--plan'), ['free', 'developer'] as const, '--plan') as Plan;
        const account = await changePlan(db, need(values.email, '--email'), plan);
        console.log(`${account.email} is now on the ${account.plan} plan`);
        break;
      }
      case 'account password': {
        const email = need(values.email, '--email');
        const account = await setAccountPassword(db, config.dashboard.passwordHashCost, email, await readPassword());
        console.log(`${account.email} can now log in to the dashboard with that password`);
        break;
      }
      case 'key create': {
        const kind = oneOf(need(values.kind, '--kind'), ['tools', 'developer'] as const, '--kind') as KeyKind;
        const account = await requireAccount(db, need(values.email, '--email'));
        const requested: RequestedRights = {};
        if (values.scopes !== undefined) {
          requested.scopes = values.scopes.split(',').map((s) => oneOf(s.trim(), ALL_SCOPES, '--scopes'));
        }
        if (values['expires-in'] !== undefined) {
          const seconds = Number(values['expires-in']);
          if (!Number.isInteger(seconds) || seconds < 60) throw new UsageError('--expires-in must be a whole number of seconds, at least 60');
          requested.expires_in = seconds;
        }
        if (values['restrict-addresses'] !== undefined) requested.restrict = { addresses: values['restrict-addresses'] };
        if (kind === 'tools' && Object.keys(requested).length > 0) throw new UsageError('--scopes, --expires-in and --restrict-addresses apply to Developer keys only');
        const { key, view } = await createKey(db, account, kind, values.name, rightsOf(requested, null));
        console.log(`created ${view.kind} key ${view.id} (${view.prefix}…) for ${account.email}; it is shown only once:`);
        console.log(key);
        break;
      }
      case 'key list': {
        const account = await requireAccount(db, need(values.email, '--email'));
        const keys = await listKeys(db, account.id);
        if (keys.length === 0) console.log(`no keys for ${account.email}`);
        for (const k of keys) {
          const state = k.revoked_at ? `revoked ${k.revoked_at}` : 'active';
          const rights = k.kind === 'developer' ? [`scopes ${!k.scopes || k.scopes.length === ALL_SCOPES.length ? 'all' : k.scopes.join(',')}`, `expires ${k.expires_at ?? 'never'}`, ...(k.restrict ? [`only ${k.restrict.addresses.join(',')}`] : [])] : [];
          console.log([k.id, k.kind.padEnd(9), `${k.prefix}…`, k.name, `created ${k.created_at}`, `last used ${k.last_used_at ?? 'never'}`, ...rights, state].join('  '));
        }
        break;
      }
      case 'key revoke': {
        const view = await revokeKeyByIdOrValue(db, need(arg, 'KEY_OR_ID'));
        console.log(`revoked ${view.kind} key ${view.id} (${view.prefix}…)`);
        break;
      }
      default:
        throw new UsageError(`unknown command "${positionals.join(' ')}"`);
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((err) => {
  if (err instanceof UsageError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`error: ${err.message}\n${USAGE}`);
    process.exit(2);
  }
  if (err instanceof DomainError || err instanceof ConfigError) {
    console.error(`error: ${err.message}`);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
