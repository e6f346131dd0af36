import { useEffect, useState } from 'preact/hooks';
import { api, messageOf, unwrap, type Address } from '../api.js';
import { announce } from '../components/announcer.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CopyButton } from '../components/copy-button.js';
import { Icon } from '../components/icons.js';
import { PlanGate } from '../components/plan-gate.js';
import { formatDateTime, formatDuration, formatRelative } from '../format.js';
import { SmtpHelp } from '../components/smtp-help.js';
import { useLive, useLiveEvents } from '../live.js';
import { Link, navigate } from '../router.js';
import { can, useSession } from '../session.js';

export function inboxPath(address: string, messageId?: string): string {
  return `/developer/addresses/${encodeURIComponent(address)}${messageId ? `/${encodeURIComponent(messageId)}` : ''}`;
}

export function AddressesPage() {
  return (
    <>
      <header class="page-header">
        <p class="eyebrow">Developer</p>
        <h1 tabIndex={-1}>Addresses</h1>
        <p class="lead">Temporary addresses that receive real mail over SMTP. Open one to watch its inbox fill up as mail arrives.</p>
      </header>
      <PlanGate feature="Addresses">
        <AddressManager />
      </PlanGate>
    </>
  );
}

function lifetimes(ttl: number, max: number): number[] {
  return [...new Set([600, ttl, 86_400, max].filter((s) => s >= 10 && s <= max))].sort((a, b) => a - b);
}

function AddressManager() {
  const { session } = useSession();
  const { mail_domains: domains, address_ttl: ttl, max_address_lifetime: max } = session.settings;
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [count, setCount] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [prefix, setPrefix] = useState('');
  const [domain, setDomain] = useState(domains[0]);
  const [lifetime, setLifetime] = useState(ttl);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const load = async () => {
    try {
      const page = await unwrap(api.GET('/api/dashboard/addresses', { params: { query: { limit: 100 } } }));
      setAddresses(page.addresses);
      setCount(page.count);
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err));
    }
  };
  const live = useLive();
  useEffect(() => {
    void load();
  }, []);
  // Live: new mail changes the counts, and addresses made or deleted elsewhere (the API, another tab) show up.
  useLiveEvents(() => void load());

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFormError(null);
    try {
      const body = { domain, expires_in: lifetime, ...(prefix.trim() ? { prefix: prefix.trim() } : {}) };
      const created = await unwrap(api.POST('/api/dashboard/addresses', { body }));
      announce(`${created.email} is ready to receive mail.`);
      navigate(inboxPath(created.email));
    } catch (err) {
      setFormError(messageOf(err));
      setBusy(false);
    }
  };

  const extend = async (a: Address) => {
    try {
      const res = await unwrap(api.PATCH('/api/dashboard/addresses/{address}/extend', { params: { path: { address: a.email } }, body: {} }));
      announce(`${a.email} now expires ${formatRelative(res.new_expiry)}.`);
      await load();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  const remove = async (a: Address) => {
    try {
      await unwrap(api.DELETE('/api/dashboard/addresses/{address}', { params: { path: { address: a.email } } }));
      announce(`${a.email} and its mail were deleted.`);
      await load();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  const unreadOf = (email: string) => live.mailboxes.find((m) => m.address === email)?.unread ?? 0;

  return (
    <>
      <section class="card" aria-labelledby="new-address">
        <h2 id="new-address">New address</h2>
        <form class="address-form" onSubmit={create}>
          <div class="field">
            <label for="prefix">Name before the @</label>
            <input id="prefix" placeholder="random if left empty" maxLength={64} autoComplete="off" spellcheck={false} value={prefix} onInput={(e) => setPrefix(e.currentTarget.value)} />
          </div>
          <div class="field">
            <label for="domain">Domain</label>
            <select id="domain" value={domain} onChange={(e) => setDomain(e.currentTarget.value)}>
              {domains.map((d) => (
                <option key={d} value={d}>
                  @{d}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="lifetime">Lifetime</label>
            <select id="lifetime" value={String(lifetime)} onChange={(e) => setLifetime(Number(e.currentTarget.value))}>
              {lifetimes(ttl, max).map((s) => (
                <option key={s} value={String(s)}>
                  {formatDuration(s)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" class="btn btn-primary" disabled={busy}>
            <Icon name="plus" />
            <span>{busy ? 'Creating…' : 'Create address'}</span>
          </button>
        </form>
        {formError ? (
          <p class="error" role="alert">
            {formError}
          </p>
        ) : null}
      </section>

      <section class="card" aria-labelledby="address-list">
        <div class="card-head">
          <h2 id="address-list">Your addresses {addresses ? <span class="count">{count}</span> : null}</h2>
          <button type="button" class="btn btn-ghost" onClick={() => void load()}>
            <Icon name="refresh" />
            <span>Refresh</span>
          </button>
        </div>
        {loadError ? (
          <p class="error" role="alert">
            {loadError}
          </p>
        ) : addresses === null ? (
          <p class="muted">Loading addresses…</p>
        ) : addresses.length === 0 ? (
          <div class="empty">
            <Icon name="mail" size={28} />
            <p>No addresses yet. Create one above and send it a message.</p>
          </div>
        ) : (
          <ul class="address-list">
            {addresses.map((a) => (
              <li key={a.email} class={a.expired ? 'expired' : undefined}>
                <div class="address-main">
                  <Link href={inboxPath(a.email)} class="address-link">
                    {a.email}
                  </Link>
                  <CopyButton text={a.email} what="Address" compact />
                </div>
                <div class="address-meta">
                  <span>
                    <Icon name="mail" size={15} /> {a.message_count} message{a.message_count === 1 ? '' : 's'}
                  </span>
                  {unreadOf(a.email) > 0 ? <span class="unread-count">{unreadOf(a.email)} unread</span> : null}
                  <span title={formatDateTime(a.expires_at)}>
                    <Icon name="clock" size={15} /> {a.expired ? `expired ${formatRelative(a.expires_at)}` : `expires ${formatRelative(a.expires_at)}`}
                  </span>
                </div>
                <div class="row-actions">
                  <Link href={inboxPath(a.email)} class="btn btn-secondary">
                    Open inbox
                  </Link>
                  <button type="button" class="btn btn-ghost" onClick={() => void extend(a)} aria-label={`Extend ${a.email}`}>
                    <Icon name="clock" />
                    <span>Extend</span>
                  </button>
                  {can(session, 'member') ? <ConfirmButton label="Delete" confirmLabel="Delete with its mail" accessibleLabel={`Delete ${a.email}`} onConfirm={() => remove(a)} /> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section class="card">
        <SmtpHelp to={addresses?.find((a) => !a.expired)?.email} id="smtp-addresses" />
      </section>
    </>
  );
}
