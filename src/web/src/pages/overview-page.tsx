import { useEffect, useState } from 'preact/hooks';
import { api, unwrap, type ApiKey, type UsageReport } from '../api.js';
import { Icon } from '../components/icons.js';
import { Link } from '../router.js';
import { useSession } from '../session.js';

export function OverviewPage() {
  const { session } = useSession();
  const developer = session.account.plan === 'developer';
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [usage, setUsage] = useState<UsageReport | null>(null);
  const [addresses, setAddresses] = useState<number | null>(null);

  useEffect(() => {
    unwrap(api.GET('/api/dashboard/keys')).then((r) => setKeys(r.keys.filter((k) => !k.revoked_at)), () => setKeys([]));
    unwrap(api.GET('/api/dashboard/usage', { params: { query: { days: 30 } } })).then(setUsage, () => setUsage(null));
    if (developer) unwrap(api.GET('/api/dashboard/addresses', { params: { query: { limit: 1 } } })).then((r) => setAddresses(r.count), () => setAddresses(null));
  }, [developer]);

  const tools = keys?.filter((k) => k.kind === 'tools').length ?? 0;
  const dev = keys?.filter((k) => k.kind === 'developer').length ?? 0;
  const steps = [
    { done: tools > 0, text: 'Create a Tools key', href: '/tools/keys' },
    { done: (usage?.totals.requests ?? 0) > 0, text: 'Call the API with it', href: '/quick-start' },
    { done: developer, text: 'Get the developer plan', href: '/developer/keys' },
    { done: dev > 0, text: 'Create a Developer key', href: '/developer/keys' },
    { done: (addresses ?? 0) > 0, text: 'Create an address and send it mail', href: '/developer/addresses' },
  ];

  return (
    <>
      <header class="page-header">
        <p class="eyebrow">Overview</p>
        <h1 tabIndex={-1}>Welcome{session.account.email ? `, ${session.account.email.split('@')[0]}` : ''}</h1>
        <p class="lead">
          You are on the <span class={`badge ${developer ? 'badge-accent' : ''}`}>{session.account.plan}</span> plan.
        </p>
      </header>
      <div class="tiles">
        <Link href="/tools/keys" class="tile card">
          <Icon name="key" size={22} />
          <span class="tile-title">Tools API keys</span>
          <span class="tile-value">{keys ? tools : '…'}</span>
          <span class="tile-note">QR codes, email validation, age</span>
        </Link>
        <Link href="/developer/keys" class="tile card">
          <Icon name="code" size={22} />
          <span class="tile-title">Developer API keys</span>
          <span class="tile-value">{developer ? (keys ? dev : '…') : '—'}</span>
          <span class="tile-note">{developer ? 'Addresses and mail' : 'Developer plan'}</span>
        </Link>
        <Link href="/developer/addresses" class="tile card">
          <Icon name="mail" size={22} />
          <span class="tile-title">Addresses</span>
          <span class="tile-value">{developer ? (addresses ?? '…') : '—'}</span>
          <span class="tile-note">Real inboxes over SMTP</span>
        </Link>
        <Link href="/usage" class="tile card">
          <Icon name="chart" size={22} />
          <span class="tile-title">Requests, 30 days</span>
          <span class="tile-value">{usage ? usage.totals.requests : '…'}</span>
          <span class="tile-note">{usage ? `${usage.totals.rate_limited} rate-limited` : ' '}</span>
        </Link>
      </div>
      <section class="card" aria-labelledby="getting-started">
        <h2 id="getting-started">Getting started</h2>
        <ol class="checklist">
          {steps.map((s) => (
            <li key={s.text} class={s.done ? 'done' : undefined}>
              <span class="check" aria-hidden="true">
                {s.done ? <Icon name="check" size={14} /> : null}
              </span>
              <Link href={s.href}>{s.text}</Link>
              {s.done ? <span class="sr-only"> (done)</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
