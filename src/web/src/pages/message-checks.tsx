import { useEffect, useState } from 'preact/hooks';
import { api, messageOf, previewUrl, unwrap, type ClientFamily, type MessageChecks } from '../api.js';
import { announce } from '../components/announcer.js';

/** The client families of the caniemail data, for the filter, with the names their makers use. */
const FAMILIES: Array<[ClientFamily, string]> = [
  ['gmail', 'Gmail'],
  ['outlook', 'Outlook'],
  ['apple-mail', 'Apple Mail'],
  ['yahoo', 'Yahoo'],
  ['aol', 'AOL'],
  ['samsung-email', 'Samsung Email'],
  ['thunderbird', 'Thunderbird'],
  ['protonmail', 'Proton Mail'],
  ['fastmail', 'Fastmail'],
  ['hey', 'HEY'],
  ['orange', 'Orange'],
  ['sfr', 'SFR'],
  ['mail-ru', 'Mail.ru'],
  ['laposte', 'La Poste'],
];

const PREVIEWS: Array<{ width: 375 | 768 | 1280; dark: boolean; label: string }> = [
  { width: 375, dark: false, label: 'Phone (375 px)' },
  { width: 768, dark: false, label: 'Tablet (768 px)' },
  { width: 1280, dark: false, label: 'Desktop (1280 px)' },
  { width: 375, dark: true, label: 'Phone, dark mode' },
];

/**
 * The Checks tab: what checkDashboardMessage answers (client support, HTML validation, links, spam score,
 * authentication) and the rendered previews side by side. Links are fetched only when the reader asks, as the API
 * does, because fetching them tells the sender the message was opened.
 */
export function MessageChecksPanel({ address, id, html }: { address: string; id: string; html: string | null }) {
  const [checks, setChecks] = useState<MessageChecks | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [family, setFamily] = useState<ClientFamily | ''>('');
  const sourceLines = html?.split(/\r?\n/) ?? [];

  const load = async (query: { links?: boolean; refresh?: boolean } = {}) => {
    setBusy(true);
    try {
      const result = await unwrap(
        api.GET('/api/dashboard/addresses/{address}/messages/{id}/checks', {
          params: { path: { address, id }, query: { ...query, ...(family ? { client: [family] } : {}) } },
        }),
      );
      setChecks(result.checks);
      setError(null);
      if (query.links || query.refresh) announce('Checks updated.');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    void load();
  }, [address, id, family]);

  if (error) {
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  }
  if (!checks) return <p class="muted">Checking the message…</p>;
  const { html_compatibility: compat, html_validation: validation, links, spam, authentication } = checks;

  return (
    <div class="checks" data-testid="checks-panel" aria-busy={busy}>
      <div class="checks-actions">
        <button type="button" class="btn btn-secondary btn-small" disabled={busy} onClick={() => void load({ links: true, refresh: links !== null })}>
          {links ? 'Check links again' : 'Check links'}
        </button>
        <button type="button" class="btn btn-ghost btn-small" disabled={busy} onClick={() => void load({ refresh: true })}>
          Run spam check again
        </button>
      </div>

      <section class="checks-section" aria-labelledby="checks-spam">
        <h3 id="checks-spam">Spam score</h3>
        {spam ? (
          <>
            <p data-testid="spam-score">
              <span class={`badge ${spam.is_spam ? 'badge-danger' : 'badge-ok'}`}>{spam.is_spam ? 'spam' : 'not spam'}</span> SpamAssassin scores it{' '}
              <strong>{spam.score}</strong> (spam from {spam.threshold}).
            </p>
            <div class="table-scroll" tabIndex={0} role="region" aria-label="SpamAssassin rules that hit">
              <table class="table">
                <caption class="sr-only">SpamAssassin rules that hit</caption>
                <thead>
                  <tr>
                    <th scope="col" class="num">Points</th>
                    <th scope="col">Rule</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {spam.rules.map((r) => (
                    <tr key={r.name}>
                      <td class="num">{r.score}</td>
                      <th scope="row">
                        <code>{r.name}</code>
                      </th>
                      <td>{r.description}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p class="muted">{checks.spam_reason}</p>
        )}
        {authentication ? (
          <p>
            SPF <strong>{authentication.spf.result}</strong> · DKIM <strong>{authentication.dkim.result}</strong> · DMARC <strong>{authentication.dmarc.result}</strong>
          </p>
        ) : null}
      </section>

      <section class="checks-section" aria-labelledby="checks-previews">
        <h3 id="checks-previews">Previews</h3>
        <div class="previews">
          {PREVIEWS.map((p) => (
            <figure key={`${p.width}-${p.dark}`} class="preview">
              <img src={previewUrl(address, id, p.width, p.dark)} alt={`The message rendered at ${p.width} px${p.dark ? ' in dark mode' : ''}`} loading="lazy" />
              <figcaption>{p.label}</figcaption>
            </figure>
          ))}
        </div>
      </section>

      {compat ? (
        <section class="checks-section" aria-labelledby="checks-compat">
          <h3 id="checks-compat">Email client support</h3>
          <div class="field checks-filter">
            <label for="checks-family">Client family</label>
            <select id="checks-family" value={family} onChange={(e) => setFamily((e.currentTarget as HTMLSelectElement).value as ClientFamily | '')}>
              <option value="">All clients</option>
              {FAMILIES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <p data-testid="support-percent">
            <strong>{compat.support_percent}%</strong> of these clients support everything the message uses (caniemail data of {compat.data_updated.slice(0, 10)}).
          </p>
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Support by client">
            <table class="table">
              <caption class="sr-only">Features used that each client does not fully support</caption>
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col" class="num">Unsupported</th>
                  <th scope="col" class="num">Partial</th>
                </tr>
              </thead>
              <tbody>
                {compat.clients.map((c) => (
                  <tr key={c.client}>
                    <th scope="row">{c.client}</th>
                    <td class="num">{c.unsupported}</td>
                    <td class="num">{c.partial}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul class="checks-features">
            {compat.features.map((f) => (
              <li key={f.title}>
                <strong>{f.title}</strong>
                {f.lines.length > 0 ? <span class="muted"> — line {f.lines.join(', ')}</span> : null}
                {f.unsupported.length > 0 ? <div>Not supported: {f.unsupported.join(', ')}</div> : null}
                {f.partial.length > 0 ? <div>Partly: {f.partial.join(', ')}</div> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {!compat && checks.html_reason ? <p class="muted checks-section">HTML checks: {checks.html_reason}</p> : null}

      {validation ? (
        <section class="checks-section" aria-labelledby="checks-validation">
          <h3 id="checks-validation">HTML validation</h3>
          <p>
            {validation.errors} error{validation.errors === 1 ? '' : 's'}, {validation.warnings} warning{validation.warnings === 1 ? '' : 's'} ({validation.rule_set}).
          </p>
          <ol class="checks-findings">
            {validation.findings.map((f, i) => (
              <li key={i}>
                <span class={`badge ${f.severity === 'error' ? 'badge-danger' : 'badge-warn'}`}>{f.severity}</span>{' '}
                <a href={`https://html-validate.org/rules/${f.rule}.html`} target="_blank" rel="noopener noreferrer">
                  {f.rule}
                </a>{' '}
                {f.message} <span class="muted">(line {f.line}, column {f.column})</span>
                {sourceLines[f.line - 1] !== undefined ? (
                  <pre class="checks-source">
                    <code>
                      {f.line}: {sourceLines[f.line - 1].slice(0, 300)}
                    </code>
                  </pre>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section class="checks-section" aria-labelledby="checks-links">
        <h3 id="checks-links">Links and images</h3>
        {links ? (
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Link results">
            <table class="table" data-testid="link-results">
              <caption class="sr-only">Each link and image of the message, fetched</caption>
              <thead>
                <tr>
                  <th scope="col">URL</th>
                  <th scope="col">Kind</th>
                  <th scope="col" class="num">Status</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {links.results.map((l) => (
                  <tr key={l.url}>
                    <th scope="row" class="link-url">
                      {l.url}
                    </th>
                    <td>{l.kind}</td>
                    <td class="num">{l.status ?? '—'}</td>
                    <td>
                      <span class={`badge ${l.ok ? 'badge-ok' : 'badge-danger'}`}>{l.ok ? 'ok' : 'broken'}</span> {l.error ?? ''}
                      {l.redirects.length > 0 ? <div class="muted">via {l.redirects.join(' → ')}</div> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p class="muted">{checks.links_reason}</p>
        )}
      </section>
    </div>
  );
}
