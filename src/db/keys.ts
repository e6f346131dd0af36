import type { Db } from './database.js';
import type { components } from '../../generated/schema.js';
import type { AccountsTable, ApiKeysTable } from './schema.js';

export type KeyScope = components['schemas']['KeyScope'];
export type KeyRestriction = components['schemas']['KeyRestriction'];

/** A key as stored, its JSON columns decoded (this module is the only one that sees the JSON). */
export type ApiKeyRow = Omit<ApiKeysTable, 'scopes_json' | 'restrict_json'> & {
  /** null: every scope (keys made before scopes existed; Tools keys, which have none). */
  scopes: KeyScope[] | null;
  restrict: KeyRestriction | null;
};

function decode(row: ApiKeysTable): ApiKeyRow {
  const { scopes_json, restrict_json, ...rest } = row;
  return {
    ...rest,
    scopes: scopes_json === null ? null : (JSON.parse(scopes_json) as KeyScope[]),
    restrict: restrict_json === null ? null : (JSON.parse(restrict_json) as KeyRestriction),
  };
}

export async function insertKey(db: Db, row: ApiKeyRow): Promise<void> {
  const { scopes, restrict, ...rest } = row;
  await db
    .insertInto('api_keys')
    .values({ ...rest, scopes_json: scopes === null ? null : JSON.stringify(scopes), restrict_json: restrict === null ? null : JSON.stringify(restrict) })
    .execute();
}

export async function findKeysByPrefix(db: Db, prefix: string): Promise<ApiKeyRow[]> {
  return (await db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).execute()).map(decode);
}

/** The keys with a given prefix, each with its account, in one query (a keyed request's only read). */
export async function findKeysWithAccountByPrefix(db: Db, prefix: string): Promise<Array<{ key: ApiKeyRow; account: AccountsTable }>> {
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .selectAll('api_keys')
    .select([
      'accounts.email as account_email',
      'accounts.plan as account_plan',
      'accounts.password_hash as account_password_hash',
      'accounts.created_at as account_created_at',
    ])
    .where('api_keys.prefix', '=', prefix)
    .execute();
  return rows.map(({ account_email, account_plan, account_password_hash, account_created_at, ...key }) => ({
    key: decode(key),
    account: { id: key.account_id, email: account_email, plan: account_plan, password_hash: account_password_hash, created_at: account_created_at },
  }));
}

export async function findKeyById(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decode(row);
}

export async function listKeysForAccount(db: Db, accountId: string): Promise<ApiKeyRow[]> {
  return (await db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'asc').orderBy('id').execute()).map(decode);
}

export async function revokeKey(db: Db, id: string, at: string): Promise<boolean> {
  const res = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function touchKey(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}

export async function countLiveKeys(db: Db, accountId: string, kind: ApiKeyRow['kind']): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
