import { createEphemailClient, type components } from '../../../client/index.js';

export type Schemas = components['schemas'];
export type Session = Schemas['DashboardSession'];
export type ApiKey = Schemas['ApiKey'];
export type KeyKind = Schemas['ApiKeyKind'];
export type Address = Schemas['Address'];
export type MessageSummary = Schemas['MessageSummary'];
export type Message = Schemas['Message'];
export type UsageReport = Schemas['UsageReport'];
export type InboxItem = Schemas['InboxItem'];
export type MailboxCount = Schemas['MailboxCount'];
export type HeaderField = Schemas['HeaderField'];
export type SmtpEndpoint = Schemas['SmtpEndpoint'];
export type MessageChecks = Schemas['MessageChecks'];
export type ClientFamily = Schemas['EmailClientFamily'];

let csrfToken = '';
const sessionLost = new Set<() => void>();

/** Every state-changing call of this session carries it (the server compares it with the session's). */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when the server says the session is gone (logged out elsewhere, expired). */
export function onSessionLost(listener: () => void): () => void {
  sessionLost.add(listener);
  return () => sessionLost.delete(listener);
}

/** The generated, typed client for this server, with the session cookie and the CSRF header. */
export const api = createEphemailClient({ baseUrl: window.location.origin, credentials: 'include' });

api.use({
  onRequest({ request }) {
    if (request.method !== 'GET' && request.method !== 'HEAD' && csrfToken) request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
  onResponse({ request, response }) {
    const path = new URL(request.url).pathname;
    if (response.status === 401 && path !== '/api/dashboard/login' && path !== '/api/dashboard/session') {
      sessionLost.forEach((listener) => listener());
    }
    return response;
  },
});

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The success body, or an ApiError carrying the envelope's code and human message. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await call;
  } catch {
    throw new ApiError('The server could not be reached. Check your connection and try again.', 'network_error', 0);
  }
  const { data, error, response } = answer;
  if (data !== undefined && response.ok) return data;
  const body = error as { error?: string; message?: string } | undefined;
  throw new ApiError(body?.message ?? `The server answered ${response.status}.`, body?.error ?? 'unknown_error', response.status);
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Same-origin download links for a message's parts (GET, so the cookie suffices). */
export function rawUrl(address: string, id: string): string {
  return `/api/dashboard/addresses/${encodeURIComponent(address)}/messages/${encodeURIComponent(id)}/raw`;
}

export function attachmentUrl(address: string, id: string, attachmentId: string): string {
  return `/api/dashboard/addresses/${encodeURIComponent(address)}/messages/${encodeURIComponent(id)}/attachments/${encodeURIComponent(attachmentId)}`;
}

/** A rendered preview of a message (an image the Checks tab shows; GET, so the cookie suffices). */
export function previewUrl(address: string, id: string, width: 375 | 768 | 1280, dark: boolean): string {
  return `/api/dashboard/addresses/${encodeURIComponent(address)}/messages/${encodeURIComponent(id)}/preview.png?width=${width}&dark=${dark}`;
}
