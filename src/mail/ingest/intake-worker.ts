/**
 * The intake worker pool's task (src/mail/ingest/intake-pool.ts): a message's CPU-heavy preparation — MIME parse,
 * code and link extraction, compression — and, when the pool is given the settings, its SPF/DKIM/DMARC checks, on a
 * worker thread, so SMTP and HTTP keep answering meanwhile. Bundled on its own into dist/intake-worker.js by
 * scripts/build-server.ts.
 */
import { mailAuthenticatorFrom, type AuthContext, type AuthenticationView, type MailAuthenticator, type MailAuthSettings } from './mail-auth.js';
import { asBuffer, prepareContent, type PreparedContent } from './prepare.js';

/** A message to prepare and check: what the intake processor knows of its sender, and how to check. */
export interface CheckTask {
  raw: Uint8Array;
  ctx: AuthContext;
  settings: MailAuthSettings;
}

export interface CheckedContent {
  prepared: PreparedContent;
  authentication: AuthenticationView | null;
}

/** This thread's authenticator (its DNS cache lives as long as the thread), built with the first check. */
let authenticator: { key: string; value: MailAuthenticator } | undefined;

/**
 * One parse at a time on a thread, as before the checks came here: the thread holds several messages at once so that
 * their checks' DNS waits overlap, but parsing them together would only raise its memory (a parsed message is a few
 * times its size), not its speed.
 */
let parsing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = parsing.then(work, work);
  parsing = turn.catch(() => undefined);
  return turn;
}

export default async function prepare(input: Uint8Array | CheckTask): Promise<PreparedContent | CheckedContent> {
  if (input instanceof Uint8Array) return prepareContent(asBuffer(input));
  const key = JSON.stringify(input.settings);
  if (authenticator?.key !== key) authenticator = { key, value: mailAuthenticatorFrom(input.settings) };
  const raw = asBuffer(input.raw);
  // Parsing runs while the checks wait for DNS.
  const [prepared, authentication] = await Promise.all([oneAtATime(() => prepareContent(raw)), authenticator.value.check(raw, input.ctx)]);
  return { prepared, authentication };
}
