import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js';
import { api, messageOf, unwrap, type UsageReport } from '../api.js';
import { Icon } from '../components/icons.js';
import { Link } from '../router.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const PALETTE = ['#4f46e5', '#0891b2', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#dc2626', '#0d9488', '#65a30d', '#9333ea'];

interface Series {
  label: string;
  data: number[];
}

function seriesBy(report: UsageReport, keyOf: (row: UsageReport['rows'][number]) => string, labelOf: (key: string) => string, value: 'requests' | 'rate_limited'): Series[] {
  const index = new Map(report.days.map((d, i) => [d, i]));
  const out = new Map<string, number[]>();
  for (const row of report.rows) {
    const k = keyOf(row);
    const data = out.get(k) ?? new Array<number>(report.days.length).fill(0);
    data[index.get(row.day) ?? 0] += row[value];
    out.set(k, data);
  }
  return [...out.entries()].filter(([, data]) => data.some((n) => n > 0)).map(([k, data]) => ({ label: labelOf(k), data }));
}

function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function BarChart({ title, description, days, series, id }: { title: string; description: string; days: string[]; series: Series[]; id: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current || series.length === 0) return;
    const styles = getComputedStyle(document.documentElement);
    const text = styles.getPropertyValue('--text-muted').trim() || '#6b7280';
    const grid = styles.getPropertyValue('--border').trim() || '#e5e7eb';
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels: days.map(shortDay),
        datasets: series.map((s, i) => ({ label: s.label, data: s.data, backgroundColor: PALETTE[i % PALETTE.length], borderRadius: 3, maxBarThickness: 28 })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { stacked: true, ticks: { color: text, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
          y: { stacked: true, beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
        },
        plugins: { legend: { position: 'bottom', labels: { color: text, boxWidth: 12, usePointStyle: true } } },
      },
    };
    const chart = new Chart(canvas.current, config);
    return () => chart.destroy();
  }, [days, series]);

  const total = series.reduce((sum, s) => sum + s.data.reduce((a, b) => a + b, 0), 0);
  return (
    <section class="card chart-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p class="hint">{description}</p>
      {series.length === 0 ? (
        <div class="empty small">
          <p>Nothing in this period.</p>
        </div>
      ) : (
        <>
          <div class="chart-box">
            <canvas ref={canvas} role="img" aria-label={`${title}: ${total} in total over ${days.length} days, ${series.map((s) => `${s.label} ${s.data.reduce((a, b) => a + b, 0)}`).join(', ')}.`} />
          </div>
          <details class="chart-table">
            <summary>Show as a table</summary>
            <div class="table-scroll">
              <table class="table">
                <thead>
                  <tr>
                    <th scope="col">Day (UTC)</th>
                    {series.map((s) => (
                      <th scope="col" key={s.label}>
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {days.map((d, i) =>
                    series.some((s) => s.data[i] > 0) ? (
                      <tr key={d}>
                        <th scope="row">{d}</th>
                        {series.map((s) => (
                          <td key={s.label}>{s.data[i]}</td>
                        ))}
                      </tr>
                    ) : null,
                  )}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}

export function UsagePage() {
  const [days, setDays] = useState(30);
  const [report, setReport] = useState<UsageReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async () => {
    try {
      setReport(await unwrap(api.GET('/api/dashboard/usage', { params: { query: { days } } })));
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  useEffect(() => {
    void load();
  }, [days]);

  const views = useMemo(() => {
    if (!report) return null;
    const keyLabel = new Map(report.keys.map((k) => [k.id, `${k.name} (${k.prefix}…)${k.revoked_at ? ' — revoked' : ''}`]));
    const endpointLabel = new Map(report.endpoints.map((e) => [e.operation_id, e.path ? `${e.method} ${e.path}` : e.operation_id]));
    const byKey = seriesBy(report, (r) => r.key_id, (k) => keyLabel.get(k) ?? k, 'requests');
    const byEndpoint = seriesBy(report, (r) => r.operation_id, (o) => endpointLabel.get(o) ?? o, 'requests');
    const limited = seriesBy(report, (r) => r.key_id, (k) => keyLabel.get(k) ?? k, 'rate_limited');
    const breakdown = new Map<string, { key: string; endpoint: string; requests: number; rateLimited: number }>();
    for (const r of report.rows) {
      const id = `${r.key_id} ${r.operation_id}`;
      const row = breakdown.get(id) ?? { key: keyLabel.get(r.key_id) ?? r.key_id, endpoint: endpointLabel.get(r.operation_id) ?? r.operation_id, requests: 0, rateLimited: 0 };
      row.requests += r.requests;
      row.rateLimited += r.rate_limited;
      breakdown.set(id, row);
    }
    const today = report.rows.filter((r) => r.day === report.to).reduce((n, r) => n + r.requests, 0);
    return { byKey, byEndpoint, limited, breakdown: [...breakdown.values()].sort((a, b) => b.requests - a.requests), today };
  }, [report]);

  return (
    <>
      <header class="page-header">
        <p class="eyebrow">Analytics</p>
        <h1 tabIndex={-1}>Usage</h1>
        <p class="lead">Requests made with your keys, per day (UTC), per key and per endpoint, and the ones the rate limit turned away.</p>
        <div class="toolbar">
          <label for="range">Period</label>
          <select id="range" value={String(days)} onChange={(e) => setDays(Number(e.currentTarget.value))}>
            <option value="7">Last 7 days</option>
            <option value="30">Last 30 days</option>
            <option value="90">Last 90 days</option>
          </select>
          <button type="button" class="btn btn-ghost" onClick={() => void load()}>
            <Icon name="refresh" />
            <span>Refresh</span>
          </button>
        </div>
      </header>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {!report || !views ? (
        !error ? <p class="muted">Loading usage…</p> : null
      ) : (
        <>
          <div class="stats">
            <div class="stat card">
              <span class="stat-label">Requests</span>
              <span class="stat-value" data-testid="total-requests">
                {report.totals.requests}
              </span>
              <span class="stat-note">last {days} days</span>
            </div>
            <div class="stat card">
              <span class="stat-label">Today</span>
              <span class="stat-value">{views.today}</span>
              <span class="stat-note">{report.to} UTC</span>
            </div>
            <div class="stat card">
              <span class="stat-label">Rate-limited</span>
              <span class="stat-value" data-testid="total-rate-limited">
                {report.totals.rate_limited}
              </span>
              <span class="stat-note">answered 429</span>
            </div>
            <div class="stat card">
              <span class="stat-label">Keys used</span>
              <span class="stat-value">{report.keys.length}</span>
              <span class="stat-note">
                of your <Link href="/tools/keys">keys</Link>
              </span>
            </div>
          </div>
          {report.totals.requests === 0 ? (
            <section class="card empty">
              <Icon name="chart" size={28} />
              <p>
                No requests with your keys in this period yet. Create a key under <Link href="/tools/keys">Tools → API Keys</Link> and call the API; calls show up here
                within seconds.
              </p>
            </section>
          ) : (
            <>
              <BarChart id="by-key" title="Requests per day by key" description="Every request that presented a valid key, whatever the answer." days={report.days} series={views.byKey} />
              <BarChart id="by-endpoint" title="Requests per day by endpoint" description="The same requests, by the operation they called." days={report.days} series={views.byEndpoint} />
              <BarChart id="limited" title="Rate-limit hits per day" description="Requests answered 429 because the key used up its window." days={report.days} series={views.limited} />
              <section class="card" aria-labelledby="breakdown-title">
                <h2 id="breakdown-title">Per key and endpoint</h2>
                <table class="table responsive" data-testid="usage-breakdown">
                  <thead>
                    <tr>
                      <th scope="col">Key</th>
                      <th scope="col">Endpoint</th>
                      <th scope="col" class="num">
                        Requests
                      </th>
                      <th scope="col" class="num">
                        Rate-limited
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {views.breakdown.map((r) => (
                      <tr key={`${r.key} ${r.endpoint}`}>
                        <td data-label="Key">{r.key}</td>
                        <td data-label="Endpoint">
                          <code>{r.endpoint}</code>
                        </td>
                        <td data-label="Requests" class="num">
                          {r.requests}
                        </td>
                        <td data-label="Rate-limited" class="num">
                          {r.rateLimited}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </>
          )}
        </>
      )}
    </>
  );
}
