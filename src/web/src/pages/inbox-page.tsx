import { useEffect, useRef, useState } from 'preact/hooks';
import { api, messageOf, unwrap, type Address, type InboxItem } from '../api.js';
import { announce } from '../components/announcer.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CopyButton } from '../components/copy-button.js';
import { Icon } from '../components/icons.js';
import { PlanGate } from '../components/plan-gate.js';
import { SmtpHelp } from '../components/smtp-help.js';
import { formatDateTime, formatRelative } from '../format.js';
import { useLive, useLiveEvents } from '../live.js';
import { Link, navigate } from '../router.js';
import { can, useSession } from '../session.js';
import { setPageTitle } from '../title.js';
import { inboxPath } from './addresses-page.js';
import { MessageView } from './message-view.js';

const PAGE_SIZE = 50;
/** The API's largest page: past it, search narrows the list. */
const MAX_SHOWN = 100;
/** A burst of mail reloads the list at most this often. */
const RELOAD_MS = 500;
const MARK_READ_KEY = 'ephemail.markReadOnOpen';

/** The inbox across all addresses: `/inbox`, and `/inbox/<address>/<id>` with a message open. */
export function allInboxPath(address?: string, messageId?: string): string {
  return address && messageId ? `/inbox/${encodeURIComponent(address)}/${encodeURIComponent(messageId)}` : '/inbox';
}

/** A sandbox shown in the viewer: its mailbox is the scope; the header names the sandbox, not the mailbox. */
export interface SandboxScope {
  id: string;
  name: string;
}

interface InboxProps {
  scope?: string;
  open?: { address: string; id: string };
  sandbox?: SandboxScope;
}

/** A sandbox's mail in the inbox viewer: `/developer/sandboxes/<id>`, and `/developer/sandboxes/<id>/<message id>`. */
export function sandboxInboxPath(id: string, messageId?: string): string {
  return `/developer/sandboxes/${encodeURIComponent(id)}${messageId ? `/${encodeURIComponent(messageId)}` : ''}`;
}

export function InboxPage(props: InboxProps) {
  return (
    <PlanGate feature="Addresses">
      <Inbox {...props} />
    </PlanGate>
  );
}

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

function Inbox({ scope, open, sandbox }: InboxProps) {
  const live = useLive();
  const { session } = useSession();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [items, setItems] = useState<InboxItem[] | null>(null);
  const [count, setCount] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [withAttachments, setWithAttachments] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [markReadOnOpen, setMarkReadOnOpen] = useState(() => localStorage.getItem(MARK_READ_KEY) === 'true');
  const [shown, setShown] = useState(PAGE_SIZE);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const generation = useRef(0);

  const info = scope ? (addresses?.find((a) => a.email === scope.toLowerCase()) ?? null) : null;
  const messagePath = (item: { address: string; id: string }) =>
    sandbox ? sandboxInboxPath(sandbox.id, item.id) : scope ? inboxPath(scope, item.id) : allInboxPath(item.address, item.id);
  const listPath = sandbox ? sandboxInboxPath(sandbox.id) : scope ? inboxPath(scope) : allInboxPath();

  const loadAddresses = async () => {
    try {
      setAddresses((await unwrap(api.GET('/api/dashboard/addresses', { params: { query: { limit: 100 } } }))).addresses);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const load = async () => {
    const mine = ++generation.current;
    try {
      const page = await unwrap(
        api.GET('/api/dashboard/messages', {
          params: {
            query: {
              limit: shown,
              ...(query ? { q: query } : {}),
              ...(unreadOnly ? { unread: true } : {}),
              ...(withAttachments ? { has_attachments: true } : {}),
              ...(scope ? { address: scope } : {}),
            },
          },
        }),
      );
      if (mine !== generation.current) return; // an older answer than the one on screen
      setItems(page.messages);
      setCount(page.count);
      setError(null);
      const ids = new Set(page.messages.map((m) => m.message.id));
      setSelected((s) => new Set([...s].filter((id) => ids.has(id))));
    } catch (err) {
      if (mine === generation.current) setError(messageOf(err));
    }
  };

  useEffect(() => {
    setItems(null);
    setSelected(new Set());
    void loadAddresses();
  }, [scope]);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  useEffect(() => {
    void load();
  }, [scope, query, unreadOnly, withAttachments, shown]);
  useEffect(() => () => void (reloadTimer.current && clearTimeout(reloadTimer.current)), []);
  const reloadSoon = () => {
    if (reloadTimer.current) return;
    reloadTimer.current = setTimeout(() => {
      reloadTimer.current = null;
      void latestLoad.current();
    }, RELOAD_MS);
  };
  // Typing settles for a moment before the search runs.
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => setPageTitle(sandbox ? `Sandbox ${sandbox.name}` : (scope ?? 'Inbox')), [scope]);

  useLiveEvents((event) => {
    if (event.type === 'message') {
      if (!scope || event.address === scope.toLowerCase()) reloadSoon();
      return;
    }
    void loadAddresses();
    if (event.type === 'address.deleted' && scope && event.address === scope.toLowerCase()) {
      announce(`${scope} was deleted.`);
      navigate('/developer/addresses');
    }
  });

  const changed = () => {
    void load();
    live.refreshCounts();
  };

  const bulk = async (action: 'read' | 'unread' | 'delete', ids: string[]) => {
    if (ids.length === 0) return;
    try {
      const res = await unwrap(api.POST('/api/dashboard/messages/bulk', { body: { action, ids } }));
      announce(res.message);
      setSelected(new Set());
      if (action === 'delete' && open && ids.includes(open.id)) navigate(listPath);
      changed();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  const rows = () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('a.message-item') ?? [])];
  const focusRow = (index: number) => {
    const all = rows();
    if (all.length === 0) return;
    all[Math.max(0, Math.min(all.length - 1, index))].focus();
  };
  const focusedIndex = () => rows().indexOf(document.activeElement as HTMLAnchorElement);

  // Keyboard: j/k (or the arrows in the list) move through it, Enter opens, x selects, Delete deletes, / searches.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const inList = list.current?.contains(document.activeElement) ?? false;
      const at = focusedIndex();
      if (e.key === 'j' || (inList && e.key === 'ArrowDown')) {
        e.preventDefault();
        focusRow(at < 0 ? 0 : at + 1);
      } else if (e.key === 'k' || (inList && e.key === 'ArrowUp')) {
        e.preventDefault();
        focusRow(at < 0 ? 0 : at - 1);
      } else if (e.key === '/') {
        e.preventDefault();
        searchBox.current?.focus();
      } else if ((e.key === 'x' || e.key === ' ') && at >= 0 && items) {
        e.preventDefault();
        const id = items[at].message.id;
        setSelected((s) => {
          const next = new Set(s);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        });
      } else if (e.key === 'Delete' && items) {
        const target = at >= 0 ? items[at].message.id : open?.id;
        if (!target) return;
        e.preventDefault();
        void bulk('delete', [target]).then(() => requestAnimationFrame(() => focusRow(at)));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const extend = async () => {
    if (!scope) return;
    try {
      const res = await unwrap(api.PATCH('/api/dashboard/addresses/{address}/extend', { params: { path: { address: scope } }, body: {} }));
      announce(`Extended: now expires ${formatRelative(res.new_expiry)}.`);
      await loadAddresses();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };
  const removeAddress = async () => {
    if (!scope) return;
    try {
      await unwrap(api.DELETE('/api/dashboard/addresses/{address}', { params: { path: { address: scope } } }));
      announce(`${scope} and its mail were deleted.`);
      navigate('/developer/addresses');
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };
  const clearAddress = async () => {
    if (!scope) return;
    try {
      const res = await unwrap(api.DELETE('/api/dashboard/addresses/{address}/messages', { params: { path: { address: scope } } }));
      announce(res.message);
      if (open) navigate(listPath);
      changed();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  const toggleMarkRead = (on: boolean) => {
    setMarkReadOnOpen(on);
    localStorage.setItem(MARK_READ_KEY, String(on));
  };

  const allSelected = !!items && items.length > 0 && items.every((m) => selected.has(m.message.id));
  const filtered = query !== '' || unreadOnly || withAttachments;
  const unreadOf = (email: string) => live.mailboxes.find((m) => m.address === email)?.unread ?? 0;
  const sendTo = scope ?? addresses?.find((a) => !a.expired)?.email;

  return (
    <div class={`inbox ${open ? 'has-message' : ''}`}>
      <header class="page-header inbox-header">
        {sandbox ? (
          <>
            <Link href="/developer/sandboxes" class="back-link">
              <Icon name="arrowLeft" size={16} /> Sandboxes
            </Link>
            <div class="inbox-title">
              <h1 tabIndex={-1} class="address-heading">
                {sandbox.name}
              </h1>
              <span class="badge">sandbox</span>
            </div>
          </>
        ) : scope ? (
          <>
            <Link href="/developer/addresses" class="back-link">
              <Icon name="arrowLeft" size={16} /> Addresses
            </Link>
            <div class="inbox-title">
              <h1 tabIndex={-1} class="address-heading">
                {scope}
              </h1>
              <CopyButton text={scope} what="Address" compact />
            </div>
          </>
        ) : (
          <>
            <p class="eyebrow">Developer</p>
            <h1 tabIndex={-1}>Inbox</h1>
          </>
        )}
        <div class="inbox-meta">
          {info ? (
            <span title={formatDateTime(info.expires_at)} class={info.expired ? 'badge badge-warn' : 'badge'}>
              <Icon name="clock" size={14} /> {info.expired ? 'expired' : 'expires'} {formatRelative(info.expires_at)}
            </span>
          ) : null}
          <span class="live" data-testid="live-status">
            <span class={`live-dot ${live.connected ? '' : 'off'}`} aria-hidden="true" /> {live.connected ? 'Live' : 'Connecting…'}
          </span>
          <span class="spacer" />
          {sandbox && can(session, 'member') ? (
            <ConfirmButton label="Delete all mail" confirmLabel="Delete every message" onConfirm={clearAddress} disabled={count === 0 && !filtered} />
          ) : scope ? (
            <>
              <button type="button" class="btn btn-ghost" onClick={() => void extend()}>
                <Icon name="clock" />
                <span>Extend</span>
              </button>
              {can(session, 'member') ? (
                <>
                  <ConfirmButton label="Delete all mail" confirmLabel="Delete every message" onConfirm={clearAddress} disabled={count === 0 && !filtered} />
                  <ConfirmButton label="Delete address" confirmLabel="Delete with its mail" onConfirm={removeAddress} />
                </>
              ) : null}
            </>
          ) : null}
        </div>
        {scope && !sandbox && items && items.length > 0 ? (
          <details class="send-here">
            <summary>Where to send mail</summary>
            <SmtpHelp to={scope} headingLevel={2} id="smtp-scoped" />
          </details>
        ) : null}
      </header>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {items && items.length === 0 && !filtered && sendTo && !sandbox ? (
        <section class="card empty-inbox" aria-labelledby="smtp-empty-title">
          <SmtpHelp to={sendTo} id="smtp-empty" />
        </section>
      ) : null}
      <div class="inbox-grid">
        <nav class="mailboxes card" aria-label="Mailboxes">
          <ul>
            <li>
              <Link href="/inbox" class={`mailbox-link ${scope ? '' : 'active'}`} aria-current={scope ? undefined : 'page'}>
                <Icon name="mail" size={16} />
                <span class="mailbox-name">All inboxes</span>
                {live.unread > 0 ? <span class="unread-count" aria-label={`${live.unread} unread`}>{live.unread}</span> : null}
              </Link>
            </li>
            {(addresses ?? []).map((a) => {
              const unread = unreadOf(a.email);
              const current = scope?.toLowerCase() === a.email;
              return (
                <li key={a.email}>
                  <Link href={inboxPath(a.email)} class={`mailbox-link ${current ? 'active' : ''} ${a.expired ? 'expired' : ''}`} aria-current={current ? 'page' : undefined}>
                    <span class="mailbox-name">{a.email}</span>
                    {unread > 0 ? <span class="unread-count" aria-label={`${unread} unread`}>{unread}</span> : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section class="card message-list" aria-labelledby="inbox-heading">
          <div class="card-head">
            <h2 id="inbox-heading">
              {scope ? 'Messages' : 'All messages'} <span class="count">{count}</span>
            </h2>
          </div>
          <div class="list-tools">
            <label class="sr-only" for="inbox-search">
              Search subject, sender and body
            </label>
            <input
              id="inbox-search"
              ref={searchBox}
              type="search"
              placeholder="Search subject, sender, body  ( / )"
              value={search}
              autoComplete="off"
              spellcheck={false}
              onInput={(e) => setSearch(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  setSearch('');
                  e.currentTarget.blur();
                }
              }}
            />
            <div class="filters" role="group" aria-label="Filters">
              <button type="button" class={`chip ${unreadOnly ? 'on' : ''}`} aria-pressed={unreadOnly} onClick={() => setUnreadOnly(!unreadOnly)}>
                Unread
              </button>
              <button type="button" class={`chip ${withAttachments ? 'on' : ''}`} aria-pressed={withAttachments} onClick={() => setWithAttachments(!withAttachments)}>
                Has attachments
              </button>
            </div>
            <div class="bulk" role="group" aria-label="Selected messages">
              <label class="toggle">
                <input
                  type="checkbox"
                  checked={allSelected}
                  disabled={!items || items.length === 0}
                  onChange={(e) => setSelected(e.currentTarget.checked ? new Set(items!.map((m) => m.message.id)) : new Set())}
                />
                <span>{selected.size > 0 ? `${selected.size} selected` : 'Select all'}</span>
              </label>
              {selected.size > 0 ? (
                <>
                  <button type="button" class="btn btn-ghost btn-small" onClick={() => void bulk('read', [...selected])}>
                    Mark read
                  </button>
                  <button type="button" class="btn btn-ghost btn-small" onClick={() => void bulk('unread', [...selected])}>
                    Mark unread
                  </button>
                  {can(session, 'member') ? (
                    <button type="button" class="btn btn-danger-ghost btn-small" onClick={() => void bulk('delete', [...selected])}>
                      <Icon name="trash" size={16} />
                      <span>Delete</span>
                    </button>
                  ) : null}
                </>
              ) : null}
            </div>
          </div>
          {items === null ? (
            <p class="muted">Loading…</p>
          ) : items.length === 0 ? (
            filtered ? (
              <div class="empty small">
                <p>No message matches.</p>
              </div>
            ) : (
              <div class="empty">
                <Icon name="mail" size={28} />
                <p>{scope ? `Waiting for mail. Send a message to ${scope}; it appears here the moment it arrives.` : 'Waiting for mail. Messages to all your addresses appear here the moment they arrive.'}</p>
                {sendTo ? null : (
                  <p>
                    <Link href="/developer/addresses">Create an address</Link> to receive mail.
                  </p>
                )}
              </div>
            )
          ) : (
            <ul ref={list} class="messages" aria-label={scope ? `Messages for ${scope}` : 'Messages for all addresses'} aria-keyshortcuts="j k x Delete /">
              {items.map(({ address, preview, message: m }) => {
                const current = open?.id === m.id;
                return (
                  <li key={m.id} class={`message-row ${m.read ? 'read' : 'unread'} ${current ? 'selected' : ''}`}>
                    <input
                      type="checkbox"
                      class="row-check"
                      checked={selected.has(m.id)}
                      aria-label={`Select “${m.subject || '(no subject)'}”`}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setSelected((s) => {
                          const next = new Set(s);
                          if (on) next.add(m.id);
                          else next.delete(m.id);
                          return next;
                        });
                      }}
                    />
                    <Link href={messagePath({ address, id: m.id })} class="message-item" aria-current={current ? 'true' : undefined}>
                      <span class="message-from">
                        {!m.read ? <span class="unread-dot" title="Unread" /> : null}
                        {!m.read ? <span class="sr-only">Unread: </span> : null}
                        {m.from.name || m.from.address || '(unknown sender)'}
                      </span>
                      <span class="message-time" title={formatDateTime(m.received_at)}>
                        {formatRelative(m.received_at)}
                      </span>
                      <span class="message-subject">
                        {m.attachments.length > 0 ? (
                          <span class="clip" title={`${m.attachments.length} attachment${m.attachments.length === 1 ? '' : 's'}`}>
                            <Icon name="clip" size={14} />
                            <span class="sr-only">{`${m.attachments.length} attachment${m.attachments.length === 1 ? '' : 's'}, `}</span>
                          </span>
                        ) : null}
                        {m.subject || '(no subject)'}
                      </span>
                      {preview ? <span class="message-preview">{preview}</span> : null}
                      {scope ? null : <span class="message-address">{address}</span>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {items && items.length < count ? (
            shown < MAX_SHOWN ? (
              <button type="button" class="btn btn-ghost btn-block" onClick={() => setShown(MAX_SHOWN)}>
                Show more ({count - items.length} not shown)
              </button>
            ) : (
              <p class="hint">
                Showing the newest {items.length} of {count}; search or filter to find older ones.
              </p>
            )
          ) : null}
          <p class="hint keys-hint">
            <kbd>j</kbd> <kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>x</kbd> select · <kbd>Delete</kbd> delete · <kbd>/</kbd> search
          </p>
        </section>
        <section class="card message-pane" aria-label="Message">
          <label class="toggle mark-read-toggle">
            <input type="checkbox" checked={markReadOnOpen} onChange={(e) => toggleMarkRead(e.currentTarget.checked)} />
            <span>Mark read when opened</span>
          </label>
          {open ? (
            <MessageView key={open.id} address={open.address} id={open.id} backPath={listPath} markReadOnOpen={markReadOnOpen} onChanged={changed} onDeleted={() => navigate(listPath)} />
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
