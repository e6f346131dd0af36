import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { checkTarget, pinnedLookup, systemResolver, TargetRefusedError, type HostResolver, type TargetPolicy } from './ssrf.js';

export interface AttemptOutcome {
  /** A 2xx answer arrived in time. */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
  /** The worker stopped (shutdown) before the attempt ended: not a verdict on the receiver. */
  aborted: boolean;
}

export interface SendOptions {
  timeoutMs: number;
  policy: TargetPolicy;
  resolve?: HostResolver;
  /** Aborts the attempt (shutdown). */
  signal?: AbortSignal;
}

const EXCERPT_CHARS = 1024;
// Enough bytes for 1024 characters of UTF-8 text; the rest of a long answer is not read.
const EXCERPT_BYTES = 4 * EXCERPT_CHARS;

function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.map(describeError).join('; ');
  const e = err as NodeJS.ErrnoException;
  return e.message || e.code || String(err);
}

/**
 * One POST of `body` to `url`. The host is resolved and checked again (the SSRF rule holds at every attempt, not
 * only when the webhook was saved), the connection goes to the checked addresses, redirects are reported rather
 * than followed, and the whole attempt — resolution, connection, answer — has `timeoutMs`. Never rejects.
 *
 * node:http rather than fetch: Node 20's fetch cannot take a custom DNS lookup without the separate undici
 * package, and pinning the checked address is what makes the SSRF check hold.
 */
export function sendSigned(url: URL, body: string, headers: Record<string, string>, options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let request: http.ClientRequest | undefined;
    const finish = (o: Omit<AttemptOutcome, 'durationMs' | 'aborted'> & { aborted?: boolean }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      request?.destroy();
      resolve({ aborted: false, ...o, durationMs: Math.round(performance.now() - started) });
    };
    const noAnswer = (error: string, aborted = false) => finish({ ok: false, statusCode: null, error, responseExcerpt: null, aborted });
    const timer = setTimeout(() => noAnswer(`No answer within ${options.timeoutMs} ms`), options.timeoutMs);
    const onAbort = () => noAnswer('Stopped before an answer: the server is shutting down', true);
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    checkTarget(url, options.policy, options.resolve ?? systemResolver).then(
      (addresses) => {
        if (settled) return;
        const transport = url.protocol === 'https:' ? https : http;
        request = transport.request(
          url,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            lookup: pinnedLookup(addresses) as never,
            // A fresh connection per attempt: a pooled one could lead to an address checked for another URL.
            agent: false,
          },
          (res) => {
            const status = res.statusCode ?? 0;
            const chunks: Buffer[] = [];
            let kept = 0;
            const done = () => {
              const ok = status >= 200 && status < 300;
              const error = ok
                ? null
                : status >= 300 && status < 400
                  ? `Redirect to ${res.headers.location ?? '(no Location)'} not followed`
                  : `HTTP ${status}`;
              const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
              finish({ ok, statusCode: status, error, responseExcerpt: excerpt });
            };
            res.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              kept += chunk.length;
              if (kept >= EXCERPT_BYTES) done();
            });
            res.once('end', done);
            // The status line arrived; a body cut short does not change the verdict.
            res.once('error', done);
            res.once('aborted', done);
          },
        );
        request.once('error', (err) => noAnswer(describeError(err)));
        request.end(body);
      },
      (err: unknown) => noAnswer(err instanceof TargetRefusedError ? `Target refused: ${err.message}` : describeError(err)),
    );
  });
}
