import type { Generated } from 'kysely';

/** Table shapes as Kysely sees them. Timestamps are ISO 8601 UTC strings (`toISOString()`), so they sort as text
 * identically on SQLite and PostgreSQL. */
export interface AccountsTable {
  id: string;
  email: string;
  plan: 'free' | 'developer';
  password_hash: string | null;
  created_at: string;
}

export type MemberRole = 'owner' | 'admin' | 'member' | 'viewer';

export interface PeopleTable {
  id: string;
  email: string;
  password_hash: string | null;
  created_at: string;
}

export interface MembershipsTable {
  account_id: string;
  person_id: string;
  role: MemberRole;
  created_at: string;
}

export interface InvitationsTable {
  id: string;
  account_id: string;
  email: string;
  role: MemberRole;
  token_hash: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  kind: 'tools' | 'developer';
  name: string;
  prefix: string;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  /** JSON array of scopes; null: every scope (and for Tools keys). */
  scopes_json: string | null;
  expires_at: string | null;
  /** JSON `{ addresses: [...] }`; null: not restricted. */
  restrict_json: string | null;
}

export interface AddressesTable {
  id: string;
  account_id: string;
  address: string;
  local_part: string;
  domain: string;
  created_at: string;
  expires_at: string;
  /** When its SMTP fault profile was last put; null when it has none (SMTP then skips the rules look-up). */
  faults_updated_at: string | null;
}

export interface FaultRulesTable {
  id: string;
  address_id: string;
  position: number;
  rule_json: string;
  /** Firings left for a rule with `times`; null for one without. */
  remaining: number | null;
  fired: Generated<number>;
}

export interface FaultGreylistTable {
  address_id: string;
  /** `<client ip> <mail from>` */
  sender: string;
  first_seen_at: string;
}

export interface MessagesTable {
  id: string;
  address_id: string;
  from_address: string | null;
  from_name: string | null;
  to_json: string;
  cc_json: string;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  size: number;
  received_at: string;
  seen_at: string | null;
  /** JSON array of the one-time codes found at ingestion. */
  codes_json: string;
  /** JSON array of `{url, text}`: the links found at ingestion. */
  links_json: string;
  /** JSON of the SPF/DKIM/DMARC verdicts (the spec's Authentication); null when not checked. */
  auth_json: string | null;
  /** The shared raw source (message_contents.id). */
  content_id: string;
  /** Why the parser gave up on the message (only its top-level headers were read); null when it did not. */
  parse_error: string | null;
  /** The sandbox that captured it; null for an address's mail. */
  sandbox_id: string | null;
  /** A sandbox message's SMTP envelope, JSON `{ mail_from, rcpt_to }`; null for an address's mail. */
  envelope_json: string | null;
  /** How a sandbox message came: smtp or a provider API; null for an address's mail. */
  via: string | null;
}

/** A sandbox: captures an application's outgoing mail into its own mailbox (an address on SANDBOX_DOMAIN). */
export interface SandboxesTable {
  id: string;
  account_id: string;
  address_id: string;
  name: string;
  /** SHA-256 of the SMTP password. */
  password_hash: string;
  /** SHA-256 of the provider API key. */
  api_key_hash: string;
  created_at: string;
  rotated_at: string | null;
}

/** A sandbox's API key as it is, for checking SES's SigV4 signatures (an HMAC needs the secret, not a digest). */
export interface SandboxSigningSecretsTable {
  sandbox_id: string;
  secret: string;
}

/** Resend's Idempotency-Key per sandbox: the first request's body digest and its answer (null while capturing). */
export interface ProviderIdempotencyTable {
  sandbox_id: string;
  key: string;
  request_hash: string;
  response_json: string | null;
  created_at: string;
}

export interface AttachmentsTable {
  id: string;
  message_id: string;
  position: number;
  filename: string | null;
  content_type: string;
  size: number;
}

/** A message's content, shared by its recipient copies (messages.content_id); gone with the last copy (a trigger). */
export interface MessageContentsTable {
  id: string;
  /** The raw source as received, compressed as `encoding` says. */
  raw: Buffer;
  encoding: 'br' | 'identity';
  /** Bytes of the raw source uncompressed. */
  size: number;
}

/** Cached checks of a message's content (src/mail/checks/); gone with the content. */
export interface MessageChecksTable {
  content_id: string;
  /** The checks that depend only on the message (client support, HTML validation), as JSON. */
  report_json: string;
  links_json: string | null;
  links_checked_at: string | null;
  spam_json: string | null;
  spam_checked_at: string | null;
  created_at: string;
}

/** A rendered preview of a message's content; `variant` names the options (`1280-light`). */
export interface MessagePreviewsTable {
  content_id: string;
  variant: string;
  png: Buffer;
  created_at: string;
}

export interface DomainsTable {
  id: string;
  account_id: string;
  /** Lowercased ASCII (punycode) form. */
  domain: string;
  token: string;
  verified_at: string | null;
  /** Local part of the catch-all address, or null. */
  catch_all: string | null;
  created_at: string;
  last_checked_at: string | null;
  last_error: string | null;
}

/** A dashboard session; `id` is the SHA-256 (hex) of the cookie token, never the token itself. */
export interface SessionsTable {
  id: string;
  /** The workspace the session works in. */
  account_id: string;
  /** Who logged in (null only for sessions older than teams, which the migration filled in). */
  person_id: string | null;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

/** Requests per key, UTC day (`YYYY-MM-DD`) and operationId; `rate_limited` counts the 429s among them. */
export interface UsageDailyTable {
  key_id: string;
  day: string;
  operation_id: string;
  requests: number;
  rate_limited: number;
}

/** A webhook; `events` is a JSON array, `address` a lowercased filter or null. Enabled while `disabled_at` is null. */
export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  events: string;
  address: string | null;
  description: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  disabled_at: string | null;
  disabled_reason: 'manual' | 'failing' | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/** The webhook outbox: one row per webhook × event, payload frozen at enqueue. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_type: string;
  event_key: string | null;
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  round_attempts: number;
  next_attempt_at: string | null;
  claimed_until: string | null;
  created_at: string;
  finished_at: string | null;
}

/** The delivery log: one row per HTTP attempt. */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
}

/** The event log: see migration 20261123-0006. `id` is a 64-bit integer (read as a JS number). */
export interface EventsTable {
  id: Generated<number>;
  type: string;
  account_id: string;
  address_id: string | null;
  address: string | null;
  message_id: string | null;
  /** JSON of the event's data (src/db/events.ts converts it). */
  payload: string;
  created_at: string;
}

/** A durable consumer position: an event id or an instant, as text (src/db/events.ts converts it). */
export interface EventCursorsTable {
  name: string;
  position: string;
  updated_at: string;
}

/** A message acknowledged over SMTP and not yet stored (src/mail/ingest/intake.ts). */
export interface IntakeQueueTable {
  id: string;
  raw: Buffer;
  mail_from: string;
  /** JSON: IntakeRecipient[] (src/db/intake.ts). */
  recipients: string;
  client_ip: string;
  helo: string;
  tls: string | null;
  auth: string | null;
  accepted_at: string;
  attempts: Generated<number>;
  lease_until: string | null;
  last_error: string | null;
}

export interface Tables {
  intake_queue: IntakeQueueTable;
  sandboxes: SandboxesTable;
  sandbox_signing_secrets: SandboxSigningSecretsTable;
  provider_idempotency: ProviderIdempotencyTable;
  events: EventsTable;
  event_cursors: EventCursorsTable;
  accounts: AccountsTable;
  people: PeopleTable;
  memberships: MembershipsTable;
  invitations: InvitationsTable;
  api_keys: ApiKeysTable;
  addresses: AddressesTable;
  messages: MessagesTable;
  attachments: AttachmentsTable;
  message_contents: MessageContentsTable;
  message_checks: MessageChecksTable;
  message_previews: MessagePreviewsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  sessions: SessionsTable;
  usage_daily: UsageDailyTable;
  domains: DomainsTable;
  fault_rules: FaultRulesTable;
  fault_greylist: FaultGreylistTable;
}
