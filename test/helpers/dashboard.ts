import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const PASSWORD = 'correct-horse-battery';

export interface Browser {
  email: string;
  cookie: string;
  csrf: string;
  /** Sends the session cookie, and the CSRF token on anything but GET. */
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomBytes(4).toString('hex')}@example.com`;
}

/** The `ephemail_session=…` pair of a response's Set-Cookie, ready for a Cookie header. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('ephemail_session='));
  if (!header) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return header.split(';')[0];
}

export function asBrowser(app: FastifyInstance, email: string, cookie: string, csrf: string): Browser {
  return {
    email,
    cookie,
    csrf,
    call: (method, url, payload) =>
      app.inject({
        method,
        url,
        headers: { cookie, ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

/** Signs up a new account through the API, the way the dashboard does, and returns a cookie-carrying caller. */
export async function signUpBrowser(app: FastifyInstance, email = uniqueEmail(), password = PASSWORD): Promise<Browser> {
  const res = await app.inject({ method: 'POST', url: '/api/dashboard/signup', payload: { email, password } });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return asBrowser(app, email, sessionCookieOf(res), res.json().csrf_token);
}
