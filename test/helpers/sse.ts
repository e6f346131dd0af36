import http from 'node:http';

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  /** Comment lines (without the leading colon), e.g. "keep-alive". */
  comments: string[];
  retry?: number;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far, verbatim. */
  text(): string;
  /** Resolves with the next event (a block ending in a blank line) matching `match`, skipping others. */
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(block: string): SseEvent {
  const event: SseEvent = { comments: [] };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) event.comments.push(line.slice(1).trim());
    else {
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'data') event.data = event.data === undefined ? value : `${event.data}\n${value}`;
      else if (field === 'retry') event.retry = Number(value);
    }
  }
  return event;
}

/** Opens a Server-Sent Events stream over real HTTP and parses its events as they arrive. */
export function openSse(url: string, headers: Record<string, string>): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      let raw = '';
      let buffer = '';
      const events: SseEvent[] = [];
      let wake: (() => void) | undefined;
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          events.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        wake?.();
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      void ended.then(() => wake?.());
      let closed = false;
      void ended.then(() => (closed = true));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => raw,
        ended,
        close: () => req.destroy(),
        async next(match = () => true, timeoutMs = 10_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const i = events.findIndex(match);
            if (i >= 0) return events.splice(0, i + 1)[i];
            if (closed) throw new Error(`stream ended without a matching event; received:\n${raw}`);
            const left = deadline - Date.now();
            if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; received:\n${raw}`);
            await new Promise<void>((r) => {
              const timer = setTimeout(r, left);
              wake = () => {
                clearTimeout(timer);
                r();
              };
            });
          }
        },
      });
    });
    req.on('error', reject);
  });
}
