import { useEffect, useState } from 'preact/hooks';
import { api, messageOf, unwrap, type ApiKey, type KeyKind, type Schemas } from '../api.js';
import { announce } from '../components/announcer.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CopyButton } from '../components/copy-button.js';
import { Icon } from '../components/icons.js';
import { PlanGate } from '../components/plan-gate.js';
import { formatDateTime, formatRelative } from '../format.js';
import { Link } from '../router.js';
import { KEY_SCOPES } from '../../../../generated/key-scopes.js';

type KeyScope = Schemas['KeyScope'];
/** Every scope, in the spec's order: the checkboxes of the key form. */
const SCOPES: readonly KeyScope[] = KEY_SCOPES;

const TEXT: Record<KeyKind, { title: string; section: string; intro: string; example: (key: string) => string }> = {
  tools: {
    title: 'API Keys',
    section: 'Tools',
    intro: 'Tools keys call the free Tools API — QR codes, email validation and age calculation — on any plan. Send them in the x-api-key header.',
    example: (key) => `curl -H "x-api-key: ${key}" "${location.origin}/api/tools/age-calculator?birthDate=1990-05-15"`,
  },
  developer: {
    title: 'API Keys',
    section: 'Developer',
    intro: 'Developer keys call the Developer API — temporary addresses and the mail they receive — on the developer plan. Send them as a Bearer token.',
    example: (key) => `curl -H "Authorization: Bearer ${key}" ${location.origin}/api/v1/email`,
  },
};

export function KeysPage({ kind }: { kind: KeyKind }) {
  const text = TEXT[kind];
  return (
    <>
      <header class="page-header">
        <p class="eyebrow">{text.section}</p>
        <h1 tabIndex={-1}>{text.title}</h1>
        <p class="lead">{text.intro}</p>
      </header>
      {kind === 'developer' ? (
        <PlanGate feature="Developer keys">
          <KeyManager kind={kind} />
        </PlanGate>
      ) : (
        <KeyManager kind={kind} />
      )}
    </>
  );
}

function KeyManager({ kind }: { kind: KeyKind }) {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ key: string; api_key: ApiKey } | null>(null);
  const [showRevoked, setShowRevoked] = useState(false);
  // Developer keys: every scope unless some are unticked; no expiry; no restriction (the API's defaults).
  const [scopes, setScopes] = useState<KeyScope[]>([...SCOPES]);
  const [expiresIn, setExpiresIn] = useState('');
  const [patterns, setPatterns] = useState('');

  const load = async () => {
    try {
      setKeys((await unwrap(api.GET('/api/dashboard/keys', { params: { query: { kind } } }))).keys);
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err));
    }
  };
  useEffect(() => {
    setKeys(null);
    setCreated(null);
    void load();
  }, [kind]);

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFormError(null);
    try {
      const restrict = patterns.split(/[\s,]+/).filter(Boolean);
      const rights =
        kind === 'developer'
          ? {
              ...(scopes.length < SCOPES.length ? { scopes } : {}),
              ...(expiresIn ? { expires_in: Number(expiresIn) } : {}),
              ...(restrict.length > 0 ? { restrict: { addresses: restrict } } : {}),
            }
          : {};
      const result = await unwrap(api.POST('/api/dashboard/keys', { body: { kind, ...(name.trim() ? { name: name.trim() } : {}), ...rights } }));
      setCreated(result);
      setName('');
      announce('Key created. Copy it now: it is shown only once.');
      await load();
    } catch (err) {
      setFormError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (key: ApiKey) => {
    try {
      await unwrap(api.DELETE('/api/dashboard/keys/{key_id}', { params: { path: { key_id: key.id } } }));
      if (created?.api_key.id === key.id) setCreated(null);
      announce(`Key “${key.name}” revoked.`);
      await load();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  const live = keys?.filter((k) => !k.revoked_at) ?? [];
  const revoked = keys?.filter((k) => k.revoked_at) ?? [];
  const shown = showRevoked ? (keys ?? []) : live;

  return (
    <>
      <section class="card" aria-labelledby="create-key">
        <h2 id="create-key">Create a key</h2>
        <form class="inline-form" onSubmit={create}>
          <div class="field grow">
            <label for="key-name">Name</label>
            <input id="key-name" maxLength={64} placeholder={kind === 'tools' ? 'e.g. CI, staging, laptop' : 'e.g. integration tests'} value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </div>
          {kind === 'developer' ? (
            <details class="key-rights grow">
              <summary>Permissions, expiry and addresses</summary>
              <fieldset>
                <legend>Scopes</legend>
                {SCOPES.map((scope) => (
                  <label key={scope} class="check">
                    <input
                      type="checkbox"
                      checked={scopes.includes(scope)}
                      onChange={(e) => setScopes(e.currentTarget.checked ? SCOPES.filter((s) => s === scope || scopes.includes(s)) : scopes.filter((s) => s !== scope))}
                    />
                    <code>{scope}</code>
                  </label>
                ))}
              </fieldset>
              <div class="field">
                <label for="key-expiry">Expires</label>
                <select id="key-expiry" value={expiresIn} onChange={(e) => setExpiresIn(e.currentTarget.value)}>
                  <option value="">never</option>
                  <option value="3600">in 1 hour</option>
                  <option value="86400">in 1 day</option>
                  <option value="2592000">in 30 days</option>
                </select>
              </div>
              <div class="field">
                <label for="key-restrict">Only these addresses (patterns, e.g. ci-*@your-domain)</label>
                <input id="key-restrict" value={patterns} placeholder="all addresses" onInput={(e) => setPatterns(e.currentTarget.value)} />
              </div>
            </details>
          ) : null}
          <button type="submit" class="btn btn-primary" disabled={busy}>
            <Icon name="plus" />
            <span>{busy ? 'Creating…' : `Create ${kind === 'tools' ? 'Tools' : 'Developer'} key`}</span>
          </button>
        </form>
        {formError ? (
          <p class="error" role="alert">
            {formError}
          </p>
        ) : null}
        {created ? (
          <div class="new-key" role="region" aria-labelledby="new-key-title">
            <h3 id="new-key-title">
              <Icon name="key" /> Your new key “{created.api_key.name}”
            </h3>
            <p>Copy it now and keep it somewhere safe: for your protection it is never shown again.</p>
            <div class="code-row">
              <input class="key-value" readOnly value={created.key} aria-label="New API key" onFocus={(e) => e.currentTarget.select()} data-testid="new-key" />
              <CopyButton text={created.key} what="Key" />
            </div>
            <p class="hint">Try it:</p>
            <div class="code-row">
              <pre class="code" tabIndex={0}>
                <code>{TEXT[kind].example(created.key)}</code>
              </pre>
              <CopyButton text={TEXT[kind].example(created.key)} what="Command" compact />
            </div>
            <button type="button" class="btn btn-ghost" onClick={() => setCreated(null)}>
              I have saved it
            </button>
          </div>
        ) : null}
      </section>

      <section class="card" aria-labelledby="key-list">
        <div class="card-head">
          <h2 id="key-list">Your keys</h2>
          {revoked.length > 0 ? (
            <label class="toggle">
              <input type="checkbox" checked={showRevoked} onChange={(e) => setShowRevoked(e.currentTarget.checked)} />
              Show {revoked.length} revoked
            </label>
          ) : null}
        </div>
        {loadError ? (
          <p class="error" role="alert">
            {loadError}
          </p>
        ) : keys === null ? (
          <p class="muted">Loading keys…</p>
        ) : shown.length === 0 ? (
          <div class="empty">
            <Icon name="key" size={28} />
            <p>No {kind === 'tools' ? 'Tools' : 'Developer'} keys yet. Create one above.</p>
          </div>
        ) : (
          <table class="table responsive">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                {kind === 'developer' ? <th scope="col">Permissions</th> : null}
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((key) => (
                <tr key={key.id} class={key.revoked_at ? 'revoked' : undefined}>
                  <td data-label="Name">
                    <strong>{key.name}</strong>
                    {key.revoked_at ? <span class="badge badge-muted">revoked</span> : null}
                  </td>
                  <td data-label="Prefix">
                    <code>{key.prefix}…</code>
                  </td>
                  <td data-label="Created">{formatDateTime(key.created_at)}</td>
                  <td data-label="Last used">{key.last_used_at ? <span title={formatDateTime(key.last_used_at)}>{formatRelative(key.last_used_at)}</span> : <span class="muted">never</span>}</td>
                  {kind === 'developer' ? (
                    <td data-label="Permissions">
                      <span>{key.scopes && key.scopes.length < SCOPES.length ? key.scopes.join(', ') : 'all scopes'}</span>
                      {key.restrict ? <span class="muted"> · only {key.restrict.addresses.join(', ')}</span> : null}
                      {key.expires_at ? <span class="muted"> · expires {formatRelative(key.expires_at)}</span> : null}
                    </td>
                  ) : null}
                  <td class="row-actions">
                    {key.revoked_at ? (
                      <span class="muted">Revoked {formatRelative(key.revoked_at)}</span>
                    ) : (
                      <ConfirmButton label="Revoke" confirmLabel="Revoke now" accessibleLabel={`Revoke ${key.name}`} onConfirm={() => revoke(key)} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p class="hint">
          Keys are stored only as digests. Lost one? Revoke it and create another. Usage per key is under <Link href="/usage">Usage</Link>.
        </p>
      </section>
    </>
  );
}
