import type { Config } from '../config.js';
import type { AccountRow } from '../db/accounts.js';
import { planInstructions } from './credentials.js';
import { DomainError, errors } from '../platform/errors.js';

/** How an account on another plan gets the developer plan, as the dashboard says it. */
export function upgradeHint(config: Config, email: string): string {
  return config.dashboard.selfServePlans ? 'Upgrade under Developer in the dashboard.' : planInstructions(email);
}

/** Developer keys belong to the developer plan (addresses too: their operations say so with `x-plan`). */
export function requireDeveloperPlan(config: Config, account: AccountRow, what: string): void {
  if (account.plan !== 'developer') {
    throw errors.planRequired(what, account, upgradeHint(config, account.email));
  }
}

export function assertSelfServePlans(config: Config, account: AccountRow): void {
  if (!config.dashboard.selfServePlans) throw new DomainError('plan_change_not_allowed', planInstructions(account.email));
}
