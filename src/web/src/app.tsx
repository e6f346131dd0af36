import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, onSessionLost, setCsrfToken, unwrap, type Session } from './api.js';
import { announce, Announcer } from './components/announcer.js';
import { Icon } from './components/icons.js';
import { AddressesPage } from './pages/addresses-page.js';
import { AuthPage } from './pages/auth-page.js';
import { InboxPage } from './pages/inbox-page.js';
import { KeysPage } from './pages/keys-page.js';
import { InvitePage, MembersPage } from './pages/members-page.js';
import { SandboxesPage, SandboxInbox } from './pages/sandboxes-page.js';
import { OverviewPage } from './pages/overview-page.js';
import { QuickStartPage } from './pages/quick-start-page.js';
import { Link, navigate, usePath } from './router.js';
import { can, SessionContext, useSession, type SessionState } from './session.js';
import { LiveProvider, useLive } from './live.js';
import { setPageTitle } from './title.js';

type State = { status: 'loading' } | { status: 'anonymous' } | { status: 'in'; session: Session };

export function App() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const path = usePath();

  const accept = (session: Session) => {
    setCsrfToken(session.csrf_token);
    setState({ status: 'in', session });
  };

  // Logged in, the log-in and sign-up addresses lead to the overview.
  useEffect(() => {
    if (state.status === 'in' && (path === '/login' || path === '/signup')) navigate('/', { replace: true });
  }, [state.status, path]);

  useEffect(() => {
    unwrap(api.GET('/api/dashboard/session')).then(accept, () => setState({ status: 'anonymous' }));
    return onSessionLost(() => {
      setState({ status: 'anonymous' });
      announce('Your session has ended. Log in again.', 'error');
    });
  }, []);

  if (state.status === 'loading') {
    return (
      <div class="splash" aria-busy="true">
        <span class="brand-mark">
          <Icon name="mail" size={22} />
        </span>
      </div>
    );
  }

  if (state.status === 'anonymous') {
    // An invitation link opened logged out: sign up with it (or log in, then open the link again).
    const invitation = path === '/invite' ? window.location.hash.slice(1) || undefined : undefined;
    const mode = path === '/signup' || invitation ? 'signup' : 'login';
    return (
      <>
        <AuthPage
          mode={mode}
          onSession={accept}
          invitation={invitation}
        />
        <Announcer />
      </>
    );
  }

  const session: SessionState = {
    session: state.session,
    setSession: accept,
    logOut: async () => {
      await unwrap(api.POST('/api/dashboard/logout')).catch(() => undefined);
      setCsrfToken('');
      setState({ status: 'anonymous' });
      navigate('/login', { replace: true });
    },
  };
  return (
    <SessionContext.Provider value={session}>
      <LiveProvider enabled={state.session.account.plan === 'developer'}>
        <Shell path={path}>{route(path)}</Shell>
      </LiveProvider>
      <Announcer />
    </SessionContext.Provider>
  );
}

const TITLES: Array<[RegExp, string]> = [
  [/^\/$/, 'Overview'],
  [/^\/tools\/keys$/, 'Tools API keys'],
  [/^\/developer\/keys$/, 'Developer API keys'],
  [/^\/developer\/addresses$/, 'Addresses'],
  [/^\/developer\/sandboxes$/, 'Sandboxes'],
  [/^\/inbox$/, 'Inbox'],
  [/^\/usage$/, 'Usage'],
  [/^\/quick-start$/, 'Quick start'],
  [/^\/members$/, 'Members'],
  [/^\/invite$/, 'Join a workspace'],
];

function route(path: string) {
  const scoped = /^\/developer\/addresses\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (scoped) {
    const address = decodeURIComponent(scoped[1]);
    return <InboxPage scope={address} open={scoped[2] ? { address, id: decodeURIComponent(scoped[2]) } : undefined} />;
  }
  const sandbox = /^\/developer\/sandboxes\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (sandbox) return <SandboxInbox id={decodeURIComponent(sandbox[1])} messageId={sandbox[2] ? decodeURIComponent(sandbox[2]) : undefined} />;
  const all = /^\/inbox(?:\/([^/]+)\/([^/]+))?$/.exec(path);
  if (all) return <InboxPage open={all[1] ? { address: decodeURIComponent(all[1]), id: decodeURIComponent(all[2]) } : undefined} />;
  switch (path) {
    case '/':
      return <OverviewPage />;
    case '/tools/keys':
      return <KeysPage kind="tools" />;
    case '/developer/keys':
      return <KeysPage kind="developer" />;
    case '/developer/addresses':
      return <AddressesPage />;
    case '/developer/sandboxes':
      return <SandboxesPage />;
    case '/usage':
      return <LazyUsagePage />;
    case '/quick-start':
      return <QuickStartPage />;
    case '/members':
      return <MembersPage />;
    case '/invite':
      return <InvitePage />;
    default:
      return (
        <header class="page-header">
          <h1 tabIndex={-1}>Page not found</h1>
          <p class="lead">
            There is no dashboard page at <code>{path}</code>. <Link href="/">Go to the overview</Link>.
          </p>
        </header>
      );
  }
}

/** The usage page brings chart.js along: loaded when first opened, so the other pages start faster. */
function LazyUsagePage() {
  const [Page, setPage] = useState<(() => JSX.Element) | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    import('./pages/usage-page.js').then((m) => setPage(() => m.UsagePage), () => setFailed(true));
  }, []);
  if (failed) {
    return (
      <p class="error" role="alert">
        The usage page could not be loaded. Reload the page to try again.
      </p>
    );
  }
  return Page ? <Page /> : <p class="muted">Loading usage…</p>;
}

interface NavItem {
  href: string;
  label: string;
  icon: Parameters<typeof Icon>[0]['name'];
  external?: boolean;
  /** Shows the inbox's unread count. */
  unread?: boolean;
  /** Shown only to this role and above (the operations behind the page need it). */
  role?: 'member';
}

const NAV: Array<{ group: string | null; items: NavItem[] }> = [
  { group: null, items: [{ href: '/', label: 'Overview', icon: 'home' }] },
  { group: 'Tools', items: [{ href: '/tools/keys', label: 'API Keys', icon: 'key', role: 'member' }] },
  {
    group: 'Developer',
    items: [
      { href: '/developer/keys', label: 'API Keys', icon: 'key', role: 'member' },
      { href: '/inbox', label: 'Inbox', icon: 'inbox', unread: true },
      { href: '/developer/addresses', label: 'Addresses', icon: 'mail' },
      { href: '/developer/sandboxes', label: 'Sandboxes', icon: 'inbox' },
    ],
  },
  { group: 'Analytics', items: [{ href: '/usage', label: 'Usage', icon: 'chart', role: 'member' }] },
  { group: 'Workspace', items: [{ href: '/members', label: 'Members', icon: 'home' }] },
  {
    group: 'Docs',
    items: [
      { href: '/quick-start', label: 'Quick start', icon: 'code' },
      { href: '/docs', label: 'API reference', icon: 'book', external: true },
    ],
  },
];

function isCurrent(item: NavItem, path: string): boolean {
  if (item.external) return false;
  return item.href === '/' ? path === '/' : path === item.href || path.startsWith(`${item.href}/`);
}

function Shell({ path, children }: { path: string; children: ComponentChildren }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const { session, logOut } = useSession();
  const live = useLive();

  // On navigation: close the phone menu, set the title, and move focus to the new page's heading.
  useEffect(() => {
    setMenuOpen(false);
    const title = TITLES.find(([re]) => re.test(path))?.[1];
    if (title) setPageTitle(title);
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    requestAnimationFrame(() => main.current?.querySelector<HTMLElement>('h1')?.focus());
  }, [path]);

  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <Link href="/" class="brand">
          <span class="brand-mark" aria-hidden="true">
            <Icon name="mail" />
          </span>
          <span>Ephemail</span>
        </Link>
        <button type="button" class="btn btn-ghost btn-icon menu-button" aria-expanded={menuOpen} aria-controls="sidebar" onClick={() => setMenuOpen(!menuOpen)}>
          <Icon name={menuOpen ? 'close' : 'menu'} size={22} />
          <span class="sr-only">Menu</span>
        </button>
      </header>
      <nav
        id="sidebar"
        class={`sidebar ${menuOpen ? 'open' : ''}`}
        aria-label="Dashboard"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && menuOpen) {
            setMenuOpen(false);
            document.querySelector<HTMLButtonElement>('.menu-button')?.focus();
          }
        }}
      >
        <Link href="/" class="brand sidebar-brand">
          <span class="brand-mark" aria-hidden="true">
            <Icon name="mail" />
          </span>
          <span>Ephemail</span>
        </Link>
        {NAV.map((section) => (
          <div class="nav-group" key={section.group ?? 'top'}>
            {section.group ? <p class="nav-heading">{section.group}</p> : null}
            <ul>
              {section.items.filter((item) => !item.role || can(session, item.role)).map((item) => {
                const current = isCurrent(item, path);
                const content = (
                  <>
                    <Icon name={item.icon} />
                    <span>{item.label}</span>
                    {item.unread && live.unread > 0 ? (
                      <span class="unread-count" data-testid="nav-unread">
                        {live.unread}
                        <span class="sr-only"> unread</span>
                      </span>
                    ) : null}
                    {item.external ? <Icon name="external" size={14} /> : null}
                  </>
                );
                return (
                  <li key={item.href}>
                    {item.external ? (
                      <a href={item.href} class="nav-link">
                        {content}
                      </a>
                    ) : (
                      <Link href={item.href} class={`nav-link ${current ? 'active' : ''}`} aria-current={current ? 'page' : undefined}>
                        {content}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
        <div class="account">
          <div class="account-email" title={session.person.email}>
            {session.person.email}
          </div>
          {session.workspaces.length > 1 ? (
            <div class="field">
              <label for="workspace">Workspace</label>
              <select
                id="workspace"
                data-testid="workspace-switcher"
                value={session.account.id}
                onChange={(e) =>
                  void unwrap(api.POST('/api/dashboard/session/workspace', { body: { account_id: e.currentTarget.value } })).then(
                    () => window.location.assign('/'),
                    (err: unknown) => announce(String((err as Error).message ?? err), 'error'),
                  )
                }
              >
                {session.workspaces.map((w) => (
                  <option key={w.account_id} value={w.account_id}>
                    {w.email} ({w.role})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div class="account-row">
            <span class={`badge ${session.account.plan === 'developer' ? 'badge-accent' : ''}`} data-testid="plan">
              {session.account.plan} plan
            </span>
            <button type="button" class="btn btn-ghost btn-small" onClick={() => void logOut()}>
              <Icon name="logout" size={16} />
              <span>Log out</span>
            </button>
          </div>
        </div>
      </nav>
      <main id="main" ref={main} class="main" tabIndex={-1}>
        <div class="content">{children}</div>
      </main>
    </div>
  );
}
