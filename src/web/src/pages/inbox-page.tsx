import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, attachmentUrl, messageOf, rawUrl, unwrap, type Address, type Message, type MessageSummary } from '../api.js';
import { announce } from '../components/announcer.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CopyButton } from '../components/copy-button.js';
import { Icon } from '../components/icons.js';
import { PlanGate } from '../components/plan-gate.js';
import { formatBytes, formatDateTime, formatRelative, mailbox } from '../format.js';
import { MAIL_FRAME_SANDBOX, mailDocument } from '../mail-frame.js';
import { Link, navigate } from '../router.js';
import { inboxPath } from './addresses-page.js';

const POLL_MS = 3000;

export function InboxPage({ address, messageId }: { address: string; messageId?: string }) {
  return (
    <PlanGate feature="Addresses">
      <Inbox address={address} messageId={messageId} />
    </PlanGate>
  );
}

function Inbox({ address, messageId }: { address: string; messageId?: string }) {
  const [info, setInfo] = useState<Address | null>(null);
  const [messages, setMessages] = useState<MessageSummary[] | null>(null);
  const [count, setCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const known = useRef<Set<string> | null>(null);

  const loadInfo = async () => {
    // The address list carries expiry and counts; one page is plenty to find it.
    const page = await unwrap(api.GET('/api/dashboard/addresses', { params: { query: { limit: 100 } } }));
    setInfo(page.addresses.find((a) => a.email === address.toLowerCase()) ?? null);
  };

  const loadMessages = async () => {
    try {
      const page = await unwrap(api.GET('/api/dashboard/addresses/{address}/messages', { params: { path: { address }, query: { limit: 50 } } }));
      setMessages(page.messages);
      setCount(page.count);
      setCheckedAt(new Date());
      setError(null);
      const ids = new Set(page.messages.map((m) => m.id));
      if (known.current) {
        const fresh = page.messages.filter((m) => !known.current!.has(m.id));
        if (fresh.length === 1) announce(`New message from ${mailbox(fresh[0].from)}: ${fresh[0].subject || '(no subject)'}`);
        else if (fresh.length > 1) announce(`${fresh.length} new messages.`);
      }
      known.current = ids;
    } catch (err) {
      setError(messageOf(err));
    }
  };

  useEffect(() => {
    known.current = null;
    setMessages(null);
    void loadInfo().catch((err) => setError(messageOf(err)));
    void loadMessages();
    // Polling keeps the inbox live without a second authentication scheme for streams; paused in hidden tabs.
    const timer = setInterval(() => !document.hidden && void loadMessages(), POLL_MS);
    const onVisible = () => !document.hidden && void loadMessages();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [address]);

  const extend = async () => {
    try {
      const res = await unwrap(api.PATCH('/api/dashboard/addresses/{address}/extend', { params: { path: { address } }, body: {} }));
      announce(`Extended: now expires ${formatRelative(res.new_expiry)}.`);
      await loadInfo();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };
  const remove = async () => {
    try {
      await unwrap(api.DELETE('/api/dashboard/addresses/{address}', { params: { path: { address } } }));
      announce(`${address} and its mail were deleted.`);
      navigate('/developer/addresses');
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  useEffect(() => {
    document.title = `${address} · Ephemail`;
  }, [address]);

  return (
    <div class={`inbox ${messageId ? 'has-message' : ''}`}>
      <header class="page-header inbox-header">
        <Link href="/developer/addresses" class="back-link">
          <Icon name="arrowLeft" size={16} /> Addresses
        </Link>
        <div class="inbox-title">
          <h1 tabIndex={-1} class="address-heading">
            {address}
          </h1>
          <CopyButton text={address} what="Address" compact />
        </div>
        <div class="inbox-meta">
          {info ? (
            <span title={formatDateTime(info.expires_at)} class={info.expired ? 'badge badge-warn' : 'badge'}>
              <Icon name="clock" size={14} /> {info.expired ? 'expired' : 'expires'} {formatRelative(info.expires_at)}
            </span>
          ) : null}
          <span class="live" aria-hidden="true">
            <span class="live-dot" /> Live{checkedAt ? ` · checked ${checkedAt.toLocaleTimeString()}` : ''}
          </span>
          <span class="spacer" />
          <button type="button" class="btn btn-ghost" onClick={() => void extend()}>
            <Icon name="clock" />
            <span>Extend</span>
          </button>
          <ConfirmButton label="Delete address" confirmLabel="Delete with its mail" onConfirm={remove} />
        </div>
      </header>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <div class="inbox-grid">
        <section class="card message-list" aria-labelledby="inbox-heading">
          <div class="card-head">
            <h2 id="inbox-heading">
              Inbox <span class="count">{count}</span>
            </h2>
          </div>
          {messages === null ? (
            <p class="muted">Loading…</p>
          ) : messages.length === 0 ? (
            <div class="empty">
              <Icon name="mail" size={28} />
              <p>Waiting for mail. Send a message to {address}; it appears here within seconds.</p>
            </div>
          ) : (
            <ul aria-label={`Messages for ${address}`}>
              {messages.map((m) => (
                <li key={m.id}>
                  <Link href={inboxPath(address, m.id)} class={`message-item ${m.id === messageId ? 'selected' : ''}`} aria-current={m.id === messageId ? 'true' : undefined}>
                    <span class="message-from">{m.from.name || m.from.address || '(unknown sender)'}</span>
                    <span class="message-time" title={formatDateTime(m.received_at)}>
                      {formatRelative(m.received_at)}
                    </span>
                    <span class="message-subject">{m.subject || '(no subject)'}</span>
                    {m.attachments.length > 0 ? (
                      <span class="message-attachments">
                        {m.attachments.length} attachment{m.attachments.length === 1 ? '' : 's'}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section class="card message-pane" aria-label="Message">
          {messageId ? (
            <MessageView key={messageId} address={address} id={messageId} onDeleted={() => void loadMessages()} />
          ) : (
            <div class="empty">
              <Icon name="mail" size={28} />
              <p>Select a message to read it.</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function MessageView({ address, id, onDeleted }: { address: string; id: string; onDeleted: () => void }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<'html' | 'text'>('html');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    unwrap(api.GET('/api/dashboard/addresses/{address}/messages/{id}', { params: { path: { address, id } } }))
      .then((m) => {
        setMessage(m);
        setTab(m.html ? 'html' : 'text');
        heading.current?.focus();
      })
      .catch((err) => setError(messageOf(err)));
  }, [address, id]);

  const srcdoc = useMemo(() => (message?.html ? mailDocument(message.html) : ''), [message]);

  if (error) {
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  }
  if (!message) return <p class="muted">Loading message…</p>;

  const remove = async () => {
    try {
      await unwrap(api.DELETE('/api/dashboard/addresses/{address}/messages/{id}', { params: { path: { address, id } } }));
      announce('Message deleted.');
      onDeleted();
      navigate(inboxPath(address));
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  const tabs = [message.html !== null ? 'html' : null, message.text !== null ? 'text' : null].filter(Boolean) as Array<'html' | 'text'>;

  return (
    <article class="message">
      <Link href={inboxPath(address)} class="back-link mobile-only">
        <Icon name="arrowLeft" size={16} /> Inbox
      </Link>
      <h2 ref={heading} tabIndex={-1} class="message-title">
        {message.subject || '(no subject)'}
      </h2>
      <dl class="headers">
        <dt>From</dt>
        <dd>{mailbox(message.from)}</dd>
        <dt>To</dt>
        <dd>{message.to.map(mailbox).join(', ') || '—'}</dd>
        {message.cc.length > 0 ? (
          <>
            <dt>Cc</dt>
            <dd>{message.cc.map(mailbox).join(', ')}</dd>
          </>
        ) : null}
        <dt>Date</dt>
        <dd>{formatDateTime(message.received_at)}</dd>
        <dt>Size</dt>
        <dd>{formatBytes(message.size)}</dd>
      </dl>
      <div class="message-actions">
        <a class="btn btn-ghost" href={rawUrl(address, id)} download>
          <Icon name="download" />
          <span>Source (.eml)</span>
        </a>
        <ConfirmButton label="Delete" confirmLabel="Delete message" onConfirm={remove} />
      </div>
      {message.attachments.length > 0 ? (
        <div class="attachments">
          <h3>Attachments</h3>
          <ul>
            {message.attachments.map((a) => (
              <li key={a.id}>
                <a href={attachmentUrl(address, id, a.id)} download={a.filename ?? undefined} class="attachment">
                  <Icon name="download" />
                  <span>{a.filename ?? 'unnamed attachment'}</span>
                  <span class="muted">
                    {a.content_type} · {formatBytes(a.size)}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {tabs.length > 1 ? (
        <div class="tabs" role="tablist" aria-label="Message body">
          {tabs.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`panel-${t}`}
              tabIndex={tab === t ? 0 : -1}
              class={tab === t ? 'tab active' : 'tab'}
              onClick={() => setTab(t)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                  const next = tabs[(tabs.indexOf(t) + 1) % tabs.length];
                  setTab(next);
                  (document.getElementById(`tab-${next}`) as HTMLButtonElement | null)?.focus();
                }
              }}
            >
              {t === 'html' ? 'HTML' : 'Plain text'}
            </button>
          ))}
        </div>
      ) : null}
      {tab === 'html' && message.html !== null ? (
        <div id="panel-html" role={tabs.length > 1 ? 'tabpanel' : undefined} aria-labelledby={tabs.length > 1 ? 'tab-html' : undefined}>
          <iframe class="mail-frame" title={`Message body: ${message.subject || 'no subject'}`} sandbox={MAIL_FRAME_SANDBOX} srcdoc={srcdoc} referrerpolicy="no-referrer" />
          <p class="hint">Shown sanitised and sandboxed: scripts never run and remote images are not loaded. Links open in a new tab.</p>
        </div>
      ) : (
        <div id="panel-text" role={tabs.length > 1 ? 'tabpanel' : undefined} aria-labelledby={tabs.length > 1 ? 'tab-text' : undefined}>
          <pre class="mail-text">{message.text ?? '(This message has no text.)'}</pre>
        </div>
      )}
    </article>
  );
}
