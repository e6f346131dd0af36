import type { Db } from '../db/database.js';
import { createAccount, isEmptyStore } from './accounts.js';
import { DomainError } from '../platform/errors.js';
import { createKey } from './keys.js';

export interface BootstrapResult {
  email: string;
  toolsKey: string;
  developerKey: string;
}

/**
 * On the first start with an empty store, create a local developer-plan account with one Tools key and one
 * Developer key so the service is usable at once. Runs once: any account in the store turns it off. When several
 * instances start together on one PostgreSQL, the unique email makes all but one step aside.
 */
export async function bootstrapIfEmpty(db: Db, mailDomain: string): Promise<BootstrapResult | undefined> {
  if (!(await isEmptyStore(db))) return undefined;
  const email = `owner@${mailDomain}`;
  try {
    const account = await createAccount(db, email, 'developer');
    const tools = await createKey(db, account, 'tools', 'bootstrap tools key');
    const developer = await createKey(db, account, 'developer', 'bootstrap developer key');
    return { email, toolsKey: tools.key, developerKey: developer.key };
  } catch (err) {
    if (err instanceof DomainError && err.code === 'account_exists') return undefined;
    throw err;
  }
}

export function bootstrapBanner(result: BootstrapResult): string {
  return [
    '',
    '================================================================================',
    ' Ephemail: first start with an empty store. Created the account',
    `   ${result.email} (developer plan) with these keys. They are shown only now:`,
    `   Tools key:     ${result.toolsKey}`,
    `   Developer key: ${result.developerKey}`,
    ' More keys: npm run admin -- key create --email ' + result.email + ' --kind tools',
    ' Dashboard (/) as this account: npm run admin -- account password --email ' + result.email,
    '================================================================================',
    '',
  ].join('\n');
}
