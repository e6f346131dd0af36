import { afterAll, beforeAll, expect } from 'vitest';
import { makeTestApp, type TestApp } from './app.js';
import type { Dialect } from '../../src/db/dialect.js';

/** A sandbox as createSandbox answers it (credentials included). */
export interface Sandbox {
  id: string;
  mailbox: string;
  api_key: string;
  smtp: { username: string; password: string };
}

/**
 * The surroundings of a provider-API suite: an app listening on 127.0.0.1 (the SDKs talk HTTP to it, never to their
 * provider: each is pointed at `base` through its own base-URL option), and two sandboxes of its account.
 */
export interface ProviderSuite {
  t: TestApp;
  /** `http://127.0.0.1:<port>` */
  base: string;
  host: string;
  sandbox: Sandbox;
  other: Sandbox;
  /** Waits for the sandbox's message with this subject and answers its summary. */
  waitFor(sandboxId: string, subject: string): Promise<Record<string, any>>;
  /** A message's full view, raw source and an attachment's bytes. */
  message(sandboxId: string, id: string): Promise<Record<string, any>>;
  raw(sandboxId: string, id: string): Promise<string>;
  attachment(sandboxId: string, id: string, attachmentId: string): Promise<Buffer>;
  count(sandboxId: string): Promise<number>;
  rotate(sandboxId: string): Promise<Sandbox>;
}

export function useProviderSuite(dialect: Dialect, env: Record<string, string> = {}): ProviderSuite {
  const s = {} as ProviderSuite;
  const h = () => ({ authorization: `Bearer ${s.t.developerKey}` });
  const get = async (url: string) => {
    const res = await s.t.app.inject({ url, headers: h() });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const create = async (name: string): Promise<Sandbox> => {
    const res = await s.t.app.inject({ method: 'POST', url: '/api/v1/sandboxes', headers: h(), payload: { name } });
    expect(res.statusCode).toBe(201);
    return res.json().sandbox;
  };
  beforeAll(async () => {
    s.t = await makeTestApp({ dialect, env });
    const { port } = await s.t.runtime.start({ host: '127.0.0.1', port: 0, smtpPort: 0 });
    s.host = `127.0.0.1:${port}`;
    s.base = `http://${s.host}`;
    s.sandbox = await create('app');
    s.other = await create('other app');
  });
  afterAll(async () => {
    await s.t?.close();
  });
  s.waitFor = async (sandboxId, subject) => {
    const res = await get(`/api/v1/sandboxes/${sandboxId}/messages/wait?timeout=15&subject=${encodeURIComponent(subject)}`);
    const body = res.json();
    expect(body.timed_out, `no message "${subject}" in ${sandboxId}`).toBe(false);
    return body.messages.find((m: { subject: string }) => m.subject === subject) ?? body.messages[0];
  };
  s.message = async (sandboxId, id) => (await get(`/api/v1/sandboxes/${sandboxId}/messages/${id}`)).json();
  s.raw = async (sandboxId, id) => (await get(`/api/v1/sandboxes/${sandboxId}/messages/${id}/raw`)).body;
  s.attachment = async (sandboxId, id, attachmentId) => (await get(`/api/v1/sandboxes/${sandboxId}/messages/${id}/attachments/${attachmentId}`)).rawPayload;
  s.count = async (sandboxId) => {
    await s.t.context.intake.drained();
    return (await get(`/api/v1/sandboxes/${sandboxId}/messages`)).json().count;
  };
  s.rotate = async (sandboxId) => {
    const res = await s.t.app.inject({ method: 'POST', url: `/api/v1/sandboxes/${sandboxId}/rotate`, headers: h() });
    expect(res.statusCode).toBe(200);
    return res.json().sandbox;
  };
  return s;
}
