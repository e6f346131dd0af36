import os from 'node:os';
import type { components } from '../../generated/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { workspacesOf } from '../db/teams.js';
import type { Seat } from './teams.js';
import type { SessionRow } from '../db/sessions.js';
import { planInstructions } from './credentials.js';

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

/**
 * What the dashboard is told about its session: the workspace, who is logged in with their role and every other
 * workspace of theirs, and the settings. `requestHost` is the host name (without port) the request reached: see
 * smtpEndpoint.
 */
export async function sessionView(db: Db, config: Config, seat: Seat, session: SessionRow, requestHost: string): Promise<SessionView> {
  const { account, person, role } = seat;
  const self = config.dashboard.selfServePlans;
  const workspaces = (await workspacesOf(db, person.id)).map((w) => ({ account_id: w.account.id, email: w.account.email, plan: w.account.plan, role: w.role }));
  return {
    account: { id: account.id, email: account.email, plan: account.plan, created_at: account.created_at },
    person: { id: person.id, email: person.email },
    role,
    workspaces,
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
