import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { api, messageOf, unwrap } from '../api.js';
import { operatorCommand, useSession } from '../session.js';
import { announce } from './announcer.js';
import { CopyButton } from './copy-button.js';
import { Icon } from './icons.js';

/** Developer-plan features: the children on the developer plan, otherwise the way to get it. */
export function PlanGate({ feature, children }: { feature: string; children: ComponentChildren }) {
  const { session, setSession } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (session.account.plan === 'developer') return <>{children}</>;
  const command = operatorCommand(session.plan_instructions);
  const upgrade = async () => {
    setBusy(true);
    setError(null);
    try {
      setSession(await unwrap(api.PUT('/api/dashboard/account/plan', { body: { plan: 'developer' } })));
      announce('Your account is on the developer plan now.');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card gate" aria-labelledby="gate-title">
      <div class="gate-badge">
        <Icon name="sparkle" size={22} />
      </div>
      <h2 id="gate-title">{feature} need the developer plan</h2>
      <p>
        Your account is on the <strong>free</strong> plan, which includes Tools keys for QR codes, email validation and age
        calculation. The <strong>developer</strong> plan adds Developer keys, temporary addresses that receive real mail over SMTP, and
        the whole Developer API.
      </p>
      {session.self_serve_plans ? (
        <div class="actions">
          <button type="button" class="btn btn-primary" onClick={upgrade} disabled={busy}>
            <Icon name="sparkle" />
            <span>{busy ? 'Upgrading…' : 'Upgrade to developer'}</span>
          </button>
          <span class="muted">Free on this instance; you can switch back at any time.</span>
        </div>
      ) : (
        <div class="stack">
          <p>On this instance plans are changed by its operator. Ask them to run:</p>
          {command ? (
            <div class="code-row">
              <pre class="code" tabIndex={0}>
                <code>{command}</code>
              </pre>
              <CopyButton text={command} what="Command" />
            </div>
          ) : (
            <p>{session.plan_instructions}</p>
          )}
        </div>
      )}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
