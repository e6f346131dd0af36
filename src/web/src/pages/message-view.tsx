import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, attachmentUrl, messageOf, rawUrl, unwrap, type HeaderField, type Message } from '../api.js';
import { announce } from '../components/announcer.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CopyButton } from '../components/copy-button.js';
import { Icon } from '../components/icons.js';
import { formatBytes, formatDateTime, mailbox } from '../format.js';
import { cidsOf, MAIL_FRAME_SANDBOX, mailDocument, MEASURE_FRAME_SANDBOX } from '../mail-frame.js';
import { Link } from '../router.js';
import { MessageChecksPanel } from './message-checks.js';
import { can, useSession } from '../session.js';

type Tab = 'html' | 'text' | 'headers' | 'source' | 'checks';
const TAB_LABELS: Record<Tab, string> = { html: 'HTML', text: 'Text', headers: 'Headers', source: 'Source', checks: 'Checks' };
/** Larger sources are cut for display (the download has them whole). */
const SOURCE_SHOWN = 1024 * 1024;
/** Inline images larger than this are not turned into data: URLs. */
const INLINE_MAX = 5 * 1024 * 1024;
const PREVIEWABLE = /^image\/(png|jpe?g|gif|webp|bmp|avif)$/i;

interface Structure {
  headers: HeaderField[];
  inline: Array<{ content_id: string; attachment_id: string }>;
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

function isWebLink(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

export function MessageView({ address, id, backPath, markReadOnOpen, onChanged, onDeleted }: {
  address: string;
  id: string;
  backPath: string;
  markReadOnOpen: boolean;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { session } = useSession();
  const [message, setMessage] = useState<Message | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('html');
  const [structure, setStructure] = useState<Structure | null>(null);
  const [source, setSource] = useState<{ text: string; cut: boolean } | null>(null);
  const [inline, setInline] = useState<Map<string, string>>(new Map());
  const [remoteImages, setRemoteImages] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const path = { address, id };

  const loadStructure = () => {
    if (structure) return Promise.resolve(structure);
    return unwrap(api.GET('/api/dashboard/addresses/{address}/messages/{id}/structure', { params: { path } })).then((s) => {
      setStructure(s);
      return s;
    });
  };

  useEffect(() => {
    unwrap(api.GET('/api/dashboard/addresses/{address}/messages/{id}', { params: { path } }))
      .then(async (m) => {
        setMessage(m);
        setTab(m.html !== null ? 'html' : 'text');
        heading.current?.focus();
        if (markReadOnOpen && !m.read) {
          setMessage(await unwrap(api.PATCH('/api/dashboard/addresses/{address}/messages/{id}', { params: { path }, body: { read: true } })));
          onChanged();
        }
        // cid: images come from the message's own attachments, fetched here (same origin) as data: URLs.
        const cids = m.html ? cidsOf(m.html) : new Set<string>();
        if (cids.size === 0) return;
        const s = await loadStructure();
        const found = new Map<string, string>();
        for (const part of s.inline) {
          const cid = part.content_id.toLowerCase();
          const att = m.attachments.find((a) => a.id === part.attachment_id);
          if (!cids.has(cid) || !att || !PREVIEWABLE.test(att.content_type) || att.size > INLINE_MAX) continue;
          const res = await fetch(attachmentUrl(address, id, att.id), { credentials: 'same-origin' });
          if (res.ok) found.set(cid, await dataUrl(new Blob([await res.arrayBuffer()], { type: att.content_type })));
        }
        setInline(found);
      })
      .catch((err) => setError(messageOf(err)));
  }, [address, id]);

  useEffect(() => {
    if (tab === 'headers') loadStructure().catch((err) => setError(messageOf(err)));
    if (tab === 'source' && !source) {
      fetch(rawUrl(address, id), { credentials: 'same-origin' })
        .then(async (res) => {
          if (!res.ok) throw new Error(`The source could not be read (${res.status}).`);
          const bytes = new Uint8Array(await res.arrayBuffer());
          setSource({ text: new TextDecoder('utf-8').decode(bytes.subarray(0, SOURCE_SHOWN)), cut: bytes.length > SOURCE_SHOWN });
        })
        .catch((err) => setError(messageOf(err)));
    }
  }, [tab]);

  const rendered = useMemo(() => (message?.html ? mailDocument(message.html, { remoteImages, inline }) : null), [message?.html, remoteImages, inline]);

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
      await unwrap(api.DELETE('/api/dashboard/addresses/{address}/messages/{id}', { params: { path } }));
      announce('Message deleted.');
      onChanged();
      onDeleted();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };
  const setRead = async (read: boolean) => {
    try {
      setMessage(await unwrap(api.PATCH('/api/dashboard/addresses/{address}/messages/{id}', { params: { path }, body: { read } })));
      announce(read ? 'Marked read.' : 'Marked unread.');
      onChanged();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  const tabs = [message.html !== null ? 'html' : null, message.text !== null || message.html === null ? 'text' : null, 'headers', 'source', 'checks'].filter(Boolean) as Tab[];
  const links = message.links.filter((l) => isWebLink(l.url));

  return (
    <article class="message">
      <Link href={backPath} class="back-link mobile-only">
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
        {message.envelope ? (
          <>
            <dt>Envelope</dt>
            <dd data-testid="envelope">
              from {message.envelope.mail_from || '<>'} to {message.envelope.rcpt_to.join(', ')}
              {message.via ? <span class="muted"> · via {message.via}</span> : null}
            </dd>
          </>
        ) : null}
        <dt>Date</dt>
        <dd>{formatDateTime(message.received_at)}</dd>
        <dt>Size</dt>
        <dd>{formatBytes(message.size)}</dd>
        {message.authentication ? (
          <>
            <dt>Checks</dt>
            <dd data-testid="auth-checks" title={message.authentication.header}>
              SPF {message.authentication.spf.result} · DKIM {message.authentication.dkim.result} · DMARC {message.authentication.dmarc.result}
            </dd>
          </>
        ) : null}
        {message.parse_error ? (
          <>
            <dt>Parsing</dt>
            <dd data-testid="parse-error">{message.parse_error}</dd>
          </>
        ) : null}
      </dl>
      <div class="message-actions">
        <button type="button" class="btn btn-secondary" aria-pressed={message.read} onClick={() => void setRead(!message.read)}>
          <Icon name={message.read ? 'mail' : 'check'} />
          <span>{message.read ? 'Mark as unread' : 'Mark as read'}</span>
        </button>
        <span class={`badge ${message.read ? '' : 'badge-accent'}`} data-testid="read-state">
          {message.read ? 'read' : 'unread'}
        </span>
        <a class="btn btn-ghost" href={rawUrl(address, id)} download>
          <Icon name="download" />
          <span>Source (.eml)</span>
        </a>
        {can(session, 'member') ? <ConfirmButton label="Delete" confirmLabel="Delete message" onConfirm={remove} /> : null}
      </div>

      {message.codes.length > 0 || links.length > 0 ? (
        <section class="extracted" aria-label="Codes and links found in the message">
          {message.codes.length > 0 ? (
            <div class="codes">
              <h3>Codes</h3>
              <ul>
                {message.codes.map((code) => (
                  <li key={code}>
                    <code class="code-chip">{code}</code>
                    <CopyButton text={code} what={`Code ${code}`} compact />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {links.length > 0 ? (
            <div class="links">
              <h3>Links</h3>
              <ul>
                {links.slice(0, 20).map((l) => (
                  <li key={l.url}>
                    <a href={l.url} target="_blank" rel="noopener noreferrer" class="link-url" title={l.url}>
                      {l.text || l.url}
                    </a>
                    <CopyButton text={l.url} what="Link" compact />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}

      {message.attachments.length > 0 ? (
        <div class="attachments">
          <h3>Attachments</h3>
          <ul>
            {message.attachments.map((a) => (
              <li key={a.id}>
                <a href={attachmentUrl(address, id, a.id)} download={a.filename ?? undefined} class="attachment">
                  {PREVIEWABLE.test(a.content_type) && a.size <= INLINE_MAX ? (
                    <img class="attachment-preview" src={attachmentUrl(address, id, a.id)} alt="" loading="lazy" />
                  ) : (
                    <Icon name={/pdf$/i.test(a.content_type) ? 'file' : 'download'} />
                  )}
                  <span class="attachment-name">{a.filename ?? 'unnamed attachment'}</span>
                  <span class="muted">
                    {a.content_type} · {formatBytes(a.size)}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div class="tabs" role="tablist" aria-label="Message views">
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
              const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = tabs[(tabs.indexOf(t) + step + tabs.length) % tabs.length];
              setTab(next);
              (document.getElementById(`tab-${next}`) as HTMLButtonElement | null)?.focus();
            }}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'html' && rendered ? (
          <>
            {rendered.remoteImages > 0 ? (
              <div class={`remote-notice ${remoteImages ? 'allowed' : ''}`} role="note">
                <span>
                  {remoteImages
                    ? `Remote images are shown for this message (${rendered.remoteImages}).`
                    : `${rendered.remoteImages} remote image${rendered.remoteImages === 1 ? ' was' : 's were'} blocked, so the sender cannot tell you opened this message.`}
                </span>
                {remoteImages ? null : (
                  <button type="button" class="btn btn-secondary btn-small" onClick={() => setRemoteImages(true)}>
                    Load remote images
                  </button>
                )}
              </div>
            ) : null}
            <MailFrame srcdoc={rendered.srcdoc} title={`Message body: ${message.subject || 'no subject'}`} />
            <p class="hint">Shown sanitised and sandboxed: scripts never run{remoteImages ? '' : ' and remote images are not loaded'}. Links open in a new tab.</p>
          </>
        ) : tab === 'checks' ? (
          <MessageChecksPanel address={address} id={id} html={message.html} />
        ) : tab === 'headers' ? (
          structure ? (
            <div class="table-scroll">
              <table class="table header-table">
                <caption class="sr-only">Every header of the message, in order</caption>
                <thead>
                  <tr>
                    <th scope="col">Header</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {structure.headers.map((h, i) => (
                    <tr key={i}>
                      <th scope="row">{h.name}</th>
                      <td>{h.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p class="muted">Loading headers…</p>
          )
        ) : tab === 'source' ? (
          source ? (
            <>
              <pre class="mail-text mail-source" tabIndex={0} aria-label="Message source">
                {source.text}
              </pre>
              {source.cut ? <p class="hint">The source is longer than 1 MB; download it to see all of it.</p> : null}
            </>
          ) : (
            <p class="muted">Loading source…</p>
          )
        ) : (
          <pre class="mail-text" tabIndex={0} aria-label="Message text">
            {message.text ?? '(This message has no text.)'}
          </pre>
        )}
      </div>
    </article>
  );
}

/**
 * The sandboxed frame, as tall as the message: a hidden twin of the same document (same CSP, scripts off) that the
 * dashboard may read measures the height, which the visible frame — opaque to the dashboard — then takes.
 */
function MailFrame({ srcdoc, title }: { srcdoc: string; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const twin = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const measure = () => {
    const doc = twin.current?.contentDocument;
    if (!doc?.documentElement) return;
    const h = Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0);
    if (h > 0) setHeight(Math.ceil(h) + 2);
  };
  useEffect(() => {
    const observer = new ResizeObserver(() => measure());
    if (box.current) observer.observe(box.current);
    return () => observer.disconnect();
  }, []);
  return (
    <div class="mail-frame-box" ref={box}>
      <iframe
        class="mail-frame"
        title={title}
        sandbox={MAIL_FRAME_SANDBOX}
        srcdoc={srcdoc}
        referrerpolicy="no-referrer"
        style={height ? { height: `${height}px` } : undefined}
      />
      <iframe ref={twin} class="mail-frame-measure" aria-hidden="true" tabIndex={-1} title="" sandbox={MEASURE_FRAME_SANDBOX} srcdoc={srcdoc} referrerpolicy="no-referrer" onLoad={measure} />
    </div>
  );
}
