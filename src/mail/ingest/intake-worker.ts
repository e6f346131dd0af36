/**
 * The intake worker pool's task (src/mail/ingest/intake-pool.ts): a message's CPU-heavy preparation — MIME parse,
 * code and link extraction, compression — and, when the pool is given the settings, its SPF/DKIM/DMARC checks, on a
 * worker thread, so SMTP and HTTP keep answering meanwhile. Bundled on its own into dist/intake-worker.js by
 * scripts/build-server.ts.
 */
import os from 'node:os';
import { isMainThread, workerData } from 'node:worker_threads';
import { mailAuthenticatorFrom, type AuthContext, type AuthenticationView, type MailAuthenticator, type MailAuthSettings } from './mail-auth.js';
import { asBuffer, forPosting } from './bytes.js';
import { prepareContent, type PreparedContent } from './prepare.js';

/** What the pool tells each of its threads (src/mail/ingest/intake-pool.ts). */
export interface IntakeWorkerData {
  /** INTAKE_WORKER_NICE: this thread's nice value; 0 keeps the process's. */
  nice: number;
  /** How to check SPF/DKIM/DMARC, when the pool's tasks include the checks (CheckTask). */
  checks?: MailAuthSettings;
}

/**
 * On two cores this thread's parsing, checks and compression took CPU from the event loop while it accepted mail
 * (a sender's next message waits for the 250 of the last): at a lower priority the thread gets every cycle the event
 * loop and the senders leave, and yields when they need one. Linux sets a thread's priority alone (setpriority of
 * 0 is the calling thread); elsewhere that would lower the whole process, so it is left as it is.
 */
const { nice, checks } = ((isMainThread ? undefined : workerData) ?? {}) as Partial<IntakeWorkerData>;
if (nice && process.platform === 'linux') {
  try {
    os.setPriority(0, nice);
  } catch {
    /* a sandbox that refuses it: the thread keeps the process's priority */
  }
}

/** A message to prepare and check, with what the intake processor knows of its sender (how to check came with the
 * thread: IntakeWorkerData). */
export interface CheckTask {
  raw: Uint8Array;
  ctx: AuthContext;
}

export interface CheckedContent {
  prepared: PreparedContent;
  authentication: AuthenticationView | null;
}

/** This thread's authenticator (its DNS cache lives as long as the thread), built with the first check. */
let authenticator: MailAuthenticator | undefined;

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
  if (input instanceof Uint8Array) return posted(await prepareContent(asBuffer(input), true));
  if (!checks) throw new Error('this intake worker thread was started without the settings of the checks');
  authenticator ??= mailAuthenticatorFrom(checks);
  const raw = asBuffer(input.raw);
  // Parsing runs while the checks wait for DNS.
  const [prepared, authentication] = await Promise.all([oneAtATime(() => prepareContent(raw, true)), authenticator.check(raw, input.ctx)]);
  return { prepared: posted(prepared), authentication };
}

/** The prepared content as it is sent back: its source compressed into a pooled Buffer crosses as its bytes alone. */
const posted = (p: PreparedContent): PreparedContent => ({ ...p, source: { ...p.source, raw: forPosting(p.source.raw) as Buffer } });
