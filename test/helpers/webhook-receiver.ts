import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** How the receiver answers one request: a reply, or `hang` to never answer (timeouts). */
export type Responder = (req: Received, index: number) => Reply | 'hang';

export interface Receiver {
  /** Base URL, e.g. http://127.0.0.1:4711 */
  url: string;
  port: number;
  received: Received[];
  respond(responder: Responder): void;
  /** Resolves once `n` requests have arrived (rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A local webhook receiver on 127.0.0.1 that records every request and answers as told (200 by default). */
export async function startReceiver(responder: Responder = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const received: Received[] = [];
  let answer = responder;
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      waiters.splice(0).forEach((w) => w());
      const reply = answer(entry, received.length - 1);
      if (reply === 'hang') return;
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    respond(next) {
      answer = next;
    },
    async waitFor(n, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received.slice(0, n);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a receiver does: verify the Standard Webhooks signature with the library and parse the body. Throws when
 * the signature does not verify. */
export function verify(secret: string, r: Received): unknown {
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
}
