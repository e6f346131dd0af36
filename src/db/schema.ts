/** Table shapes as Kysely sees them. Timestamps are ISO 8601 UTC strings (`toISOString()`), so they sort as text
 * identically on SQLite and PostgreSQL. */
export interface AccountsTable {
  id: string;
  email: string;
  plan: 'free' | 'developer';
  password_hash: string | null;
  created_at: string;
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
}

export interface AddressesTable {
  id: string;
  account_id: string;
  address: string;
  local_part: string;
  domain: string;
  created_at: string;
  expires_at: string;
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
}

export interface AttachmentsTable {
  id: string;
  message_id: string;
  position: number;
  filename: string | null;
  content_type: string;
  size: number;
  content: Buffer;
}

export interface MessageSourcesTable {
  message_id: string;
  raw: Buffer;
}

export interface Tables {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  addresses: AddressesTable;
  messages: MessagesTable;
  attachments: AttachmentsTable;
  message_sources: MessageSourcesTable;
}
