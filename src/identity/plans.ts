import os from 'node:os';
import type { components } from '../../generated/schema.d.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { AccountRow } from '../db/accounts.js';
import { countLiveKeys } from '../db/keys.js';
import type { SessionRow } from '../db/sessions.js';
import { planInstructions } from './credentials.js';
import { DomainError, errors } from '../platform/errors.js';
import { createKey, type KeyKind, type KeyView } from './keys.js';

/** Live keys an account may hold per kind: plenty for CI, staging and laptops, not a mint for abuse. */
export const MAX_LIVE_KEYS_PER_KIND = 50;

/** What getSession (and sign-up, log-in) answer about the session: the spec's DashboardSession, less the envelope. */
export type SessionView = Omit<components['schemas']['DashboardSession'], 'success'>;

/**
 * Where the dashboard tells users to send test mail: SMTP_HOSTNAME when the operator set it (its default, the
 * machine's own name, is rarely reachable from a developer's laptop), else PUBLIC_URL's host, else the host name
 * the dashboard itself was reached at — the one the browser could resolve.
 */
export function smtpEndpoint(config: Pick<Config, 'smtpHostname' | 'smtpPort' | 'publicUrl'>, requestHost: string): { host: string; port: number } {
  let host = requestHost;
  if (config.smtpHostname !== os.hostname()) host = config.smtpHostname;
  else if (config.publicUrl !== null) host = new URL(config.publicUrl).hostname;
  return { host: host.replace(/^\[(.*)\]$/, '$1'), port: config.smtpPort };
}

/** `requestHost` is the host name (without port) the request reached: see smtpEndpoint. */
export function sessionView(config: Config, account: AccountRow, session: SessionRow, requestHost: string): SessionView {
  const self = config.dashboard.selfServePlans;
  return {
    account: { id: account.id, email: account.email, plan: account.plan, created_at: account.created_at },
    csrf_token: session.csrf_token,
    expires_at: session.expires_at,
    self_serve_plans: self,
    plan_instructions: self ? null : planInstructions(account.email),
    settings: {
      mail_domains: config.mailDomains,
      address_ttl: config.addressTtl,
      max_address_lifetime: config.maxAddressLifetime,
      rate_limits: {
        tools: config.rateLimits.tools,
        verify: config.rateLimits.verify,
        developer: config.rateLimits.developer,
        window_seconds: config.rateLimits.windowMs / 1000,
      },
      smtp: smtpEndpoint(config, requestHost),
    },
  };
}

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

export async function createDashboardKey(db: Db, config: Config, account: AccountRow, kind: KeyKind, name?: string): Promise<{ key: string; view: KeyView }> {
  if (kind === 'developer') requireDeveloperPlan(config, account, 'Developer keys');
  if ((await countLiveKeys(db, account.id, kind)) >= MAX_LIVE_KEYS_PER_KIND) {
    throw new DomainError('too_many_keys', `This account already has ${MAX_LIVE_KEYS_PER_KIND} live ${kind} keys; revoke one before creating another.`);
  }
  return createKey(db, account, kind, name);
}

export function assertSelfServePlans(config: Config, account: AccountRow): void {
  if (!config.dashboard.selfServePlans) throw new DomainError('plan_change_not_allowed', planInstructions(account.email));
}
