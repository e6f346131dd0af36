import { useEffect, useState } from 'preact/hooks';
import { api, messageOf, unwrap, type Schemas } from '../api.js';
import { announce } from '../components/announcer.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CopyButton } from '../components/copy-button.js';
import { Icon } from '../components/icons.js';
import { PlanGate } from '../components/plan-gate.js';
import { formatDateTime } from '../format.js';
import { Link } from '../router.js';
import { can, useSession } from '../session.js';
import { InboxPage, sandboxInboxPath } from './inbox-page.js';

type Sandbox = Schemas['Sandbox'];
type SandboxWithSecrets = Schemas['SandboxWithSecrets'];


/** The settings an application needs, in the forms its framework reads them (SMTP with AUTH; never relayed). */
function snippets(s: SandboxWithSecrets): Array<{ name: string; code: string }> {
  const { host, port, username, password } = s.smtp;
  return [
    {
      name: 'nodemailer',
      code: `nodemailer.createTransport({\n  host: '${host}',\n  port: ${port},\n  secure: false,\n  auth: { user: '${username}', pass: '${password}' },\n});`,
    },
    {
      name: 'Django',
      code: `EMAIL_HOST = "${host}"\nEMAIL_PORT = ${port}\nEMAIL_HOST_USER = "${username}"\nEMAIL_HOST_PASSWORD = "${password}"\nEMAIL_USE_TLS = False  # True when the server has a certificate`,
    },
    {
      name: 'Rails',
      code: `config.action_mailer.delivery_method = :smtp\nconfig.action_mailer.smtp_settings = {\n  address: "${host}", port: ${port},\n  user_name: "${username}", password: "${password}",\n  authentication: :plain, enable_starttls_auto: true\n}`,
    },
    {
      name: 'Laravel (.env)',
      code: `MAIL_MAILER=smtp\nMAIL_HOST=${host}\nMAIL_PORT=${port}\nMAIL_USERNAME=${username}\nMAIL_PASSWORD=${password}`,
    },
    {
      name: 'Spring',
      code: `spring.mail.host=${host}\nspring.mail.port=${port}\nspring.mail.username=${username}\nspring.mail.password=${password}\nspring.mail.properties.mail.smtp.auth=true`,
    },
  ];
}

export function SandboxesPage() {
  return (
    <>
      <header class="page-header">
        <p class="eyebrow">Developer</p>
        <h1 tabIndex={-1}>Sandboxes</h1>
        <p class="lead">
          Point an application's outgoing mail at a sandbox — over SMTP with its user name and password, or through the SendGrid, Postmark, Resend, Mailgun and SES APIs with its API key — and
          see every message it would have sent, to any recipient. Nothing is ever relayed.
        </p>
      </header>
      <PlanGate feature="Sandboxes">
        <SandboxManager />
      </PlanGate>
    </>
  );
}

function SandboxManager() {
  const { session } = useSession();
  const [sandboxes, setSandboxes] = useState<Sandbox[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secrets, setSecrets] = useState<SandboxWithSecrets | null>(null);
  const member = can(session, 'member');

  const load = async () => {
    try {
      setSandboxes((await unwrap(api.GET('/api/dashboard/sandboxes'))).sandboxes);
      setLoadError(null);
    } catch (err) {
      setLoadError(messageOf(err));
    }
  };
  useEffect(() => void load(), []);

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setFormError(null);
    try {
      const result = await unwrap(api.POST('/api/dashboard/sandboxes', { body: name.trim() ? { name: name.trim() } : {} }));
      setSecrets(result.sandbox);
      setName('');
      announce('Sandbox created. Copy its password and API key now: they are shown only once.');
      await load();
    } catch (err) {
      setFormError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const rotate = async (s: Sandbox) => {
    try {
      const result = await unwrap(api.POST('/api/dashboard/sandboxes/{id}/rotate', { params: { path: { id: s.id } } }));
      setSecrets(result.sandbox);
      announce(`New credentials for “${s.name}”; the old ones no longer work.`);
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };
  const remove = async (s: Sandbox) => {
    try {
      await unwrap(api.DELETE('/api/dashboard/sandboxes/{id}', { params: { path: { id: s.id } } }));
      if (secrets?.id === s.id) setSecrets(null);
      announce(`Sandbox “${s.name}” and its mail were deleted.`);
      await load();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  return (
    <>
      {member ? (
        <section class="card" aria-labelledby="create-sandbox">
          <h2 id="create-sandbox">Create a sandbox</h2>
          <form class="inline-form" onSubmit={create}>
            <div class="field grow">
              <label for="sandbox-name">Name</label>
              <input id="sandbox-name" maxLength={100} placeholder="e.g. staging, CI, local" value={name} onInput={(e) => setName(e.currentTarget.value)} />
            </div>
            <button type="submit" class="btn btn-primary" disabled={busy}>
              <Icon name="plus" />
              <span>{busy ? 'Creating…' : 'Create sandbox'}</span>
            </button>
          </form>
          {formError ? (
            <p class="error" role="alert">
              {formError}
            </p>
          ) : null}
          {secrets ? <Credentials sandbox={secrets} onDone={() => setSecrets(null)} /> : null}
        </section>
      ) : null}

      <section class="card" aria-labelledby="sandbox-list">
        <h2 id="sandbox-list">Your sandboxes</h2>
        {loadError ? (
          <p class="error" role="alert">
            {loadError}
          </p>
        ) : sandboxes === null ? (
          <p class="muted">Loading sandboxes…</p>
        ) : sandboxes.length === 0 ? (
          <div class="empty">
            <Icon name="inbox" size={28} />
            <p>No sandboxes yet.{member ? ' Create one above.' : ''}</p>
          </div>
        ) : (
          <table class="table responsive">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">SMTP user name</th>
                <th scope="col">Messages</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sandboxes.map((s) => (
                <tr key={s.id}>
                  <td data-label="Name">
                    <Link href={sandboxInboxPath(s.id)}>
                      <strong>{s.name}</strong>
                    </Link>
                  </td>
                  <td data-label="SMTP user name">
                    <code>{s.smtp.username}</code> <CopyButton text={s.smtp.username} what="User name" compact />
                  </td>
                  <td data-label="Messages">{s.message_count}</td>
                  <td data-label="Created">{formatDateTime(s.created_at)}</td>
                  <td class="row-actions">
                    <Link href={sandboxInboxPath(s.id)} class="btn btn-ghost">
                      Open mail
                    </Link>
                    {member ? (
                      <>
                        <ConfirmButton label="Rotate" confirmLabel="New credentials now" accessibleLabel={`Rotate the credentials of ${s.name}`} onConfirm={() => rotate(s)} />
                        <ConfirmButton label="Delete" confirmLabel="Delete with its mail" accessibleLabel={`Delete ${s.name}`} onConfirm={() => remove(s)} />
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p class="hint">
          Passwords and API keys are stored only as digests. Lost one? Rotate the sandbox: its mail stays, the old credentials stop working at once.
        </p>
      </section>
    </>
  );
}

function Credentials({ sandbox, onDone }: { sandbox: SandboxWithSecrets; onDone: () => void }) {
  const [tab, setTab] = useState(0);
  const all = snippets(sandbox);
  return (
    <div class="new-key" role="region" aria-labelledby="sandbox-secrets-title">
      <h3 id="sandbox-secrets-title">
        <Icon name="key" /> Credentials of “{sandbox.name}”
      </h3>
      <p>Copy them now and keep them somewhere safe: the password and the API key are never shown again.</p>
      <dl class="settings">
        <dt>SMTP host and port</dt>
        <dd>
          <code>
            {sandbox.smtp.host}:{sandbox.smtp.port}
          </code>
          {sandbox.smtp.tls_port !== null ? <span class="muted"> (implicit TLS: {sandbox.smtp.tls_port})</span> : null}
        </dd>
        <dt>User name</dt>
        <dd class="code-row">
          <code data-testid="sandbox-username">{sandbox.smtp.username}</code>
          <CopyButton text={sandbox.smtp.username} what="User name" compact />
        </dd>
        <dt>Password</dt>
        <dd class="code-row">
          <input class="key-value" readOnly value={sandbox.smtp.password} aria-label="SMTP password" onFocus={(e) => e.currentTarget.select()} data-testid="sandbox-password" />
          <CopyButton text={sandbox.smtp.password} what="Password" />
        </dd>
        <dt>API key (SendGrid, Postmark, Resend, Mailgun; SES secret with the sandbox id as access key id)</dt>
        <dd class="code-row">
          <input class="key-value" readOnly value={sandbox.api_key} aria-label="Provider API key" onFocus={(e) => e.currentTarget.select()} data-testid="sandbox-api-key" />
          <CopyButton text={sandbox.api_key} what="API key" />
        </dd>
      </dl>
      <div role="tablist" aria-label="Settings for your framework" class="tabs">
        {all.map((s, i) => (
          <button key={s.name} type="button" role="tab" aria-selected={tab === i} class={`tab ${tab === i ? 'active' : ''}`} onClick={() => setTab(i)}>
            {s.name}
          </button>
        ))}
      </div>
      <div class="code-row" role="tabpanel">
        <pre class="code" tabIndex={0}>
          <code>{all[tab].code}</code>
        </pre>
        <CopyButton text={all[tab].code} what="Settings" compact />
      </div>
      <button type="button" class="btn btn-ghost" onClick={onDone}>
        I have saved them
      </button>
    </div>
  );
}

/** `/developer/sandboxes/<id>`: the sandbox's mail in the inbox viewer (its mailbox is the scope). */
export function SandboxInbox({ id, messageId }: { id: string; messageId?: string }) {
  const [sandbox, setSandbox] = useState<Sandbox | null | undefined>(undefined);
  useEffect(() => {
    unwrap(api.GET('/api/dashboard/sandboxes')).then(
      (r) => setSandbox(r.sandboxes.find((s) => s.id === id) ?? null),
      () => setSandbox(null),
    );
  }, [id]);
  if (sandbox === undefined) return <p class="muted">Loading the sandbox…</p>;
  if (sandbox === null) {
    return (
      <header class="page-header">
        <h1 tabIndex={-1}>Sandbox not found</h1>
        <p class="lead">
          There is no sandbox {id} in this workspace. <Link href="/developer/sandboxes">See your sandboxes</Link>.
        </p>
      </header>
    );
  }
  return <InboxPage scope={sandbox.mailbox} sandbox={{ id: sandbox.id, name: sandbox.name }} open={messageId ? { address: sandbox.mailbox, id: messageId } : undefined} />;
}
