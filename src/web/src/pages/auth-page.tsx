import { useEffect, useRef, useState } from 'preact/hooks';
import { api, messageOf, unwrap, type Session } from '../api.js';
import { Icon } from '../components/icons.js';
import { Link } from '../router.js';

const MIN_PASSWORD = 10;

/** `invitation`: a token from an invitation link; signing up with it joins that workspace. */
export function AuthPage({ mode, onSession, invitation }: { mode: 'login' | 'signup'; onSession: (s: Session) => void; invitation?: string }) {
  const signup = mode === 'signup';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = signup ? 'Create your account · Ephemail' : 'Log in · Ephemail';
    setError(null);
    heading.current?.focus();
  }, [mode]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    if (signup && Array.from(password).length < MIN_PASSWORD) {
      setError(`Choose a password of at least ${MIN_PASSWORD} characters.`);
      return;
    }
    setBusy(true);
    try {
      const body = { email: email.trim(), password };
      const session = await unwrap(signup ? api.POST('/api/dashboard/signup', { body: { ...body, ...(invitation ? { invitation } : {}) } }) : api.POST('/api/dashboard/login', { body }));
      onSession(session);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };

  return (
    <main class="auth" id="main">
      <div class="auth-card card">
        <div class="brand brand-large">
          <span class="brand-mark" aria-hidden="true">
            <Icon name="mail" size={22} />
          </span>
          <span>Ephemail</span>
        </div>
        <h1 ref={heading} tabIndex={-1}>
          {signup ? 'Create your account' : 'Log in to your dashboard'}
        </h1>
        <p class="muted">
          {invitation
            ? 'You were invited to a workspace: create your log-in to join it. Already have one? Log in, then open the link again.'
            : signup
              ? 'Free Tools keys at once; upgrade for Developer keys and real inboxes.'
              : 'Manage your API keys, inboxes and usage.'}
        </p>
        <form onSubmit={submit} noValidate>
          <div class="field">
            <label for="email">Email</label>
            <input id="email" name="email" type="email" autoComplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
          </div>
          <div class="field">
            <label for="password">Password</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete={signup ? 'new-password' : 'current-password'}
              required
              minLength={signup ? MIN_PASSWORD : undefined}
              aria-describedby={signup ? 'password-hint' : undefined}
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
            {signup ? (
              <p id="password-hint" class="hint">
                At least {MIN_PASSWORD} characters, and not your email address.
              </p>
            ) : null}
          </div>
          {error ? (
            <p class="error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" class="btn btn-primary btn-block" disabled={busy}>
            {busy ? (signup ? 'Creating account…' : 'Logging in…') : signup ? 'Create account' : 'Log in'}
          </button>
        </form>
        <p class="auth-switch">
          {signup ? (
            <>
              Already have an account? <Link href="/login">Log in</Link>
            </>
          ) : (
            <>
              New here? <Link href="/signup">Create an account</Link>
            </>
          )}
        </p>
        <p class="auth-footer">
          <a href="/docs">API reference</a> · <a href="/openapi.yaml">OpenAPI document</a>
        </p>
      </div>
    </main>
  );
}
