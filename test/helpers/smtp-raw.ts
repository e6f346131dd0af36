import net from 'node:net';

/**
 * A bare SMTP client on a socket, for what nodemailer will not do: hostile commands, dripping bytes, holding
 * connections open. Replies are read whole (multi-line ones included).
 */
export interface RawSmtp {
  socket: net.Socket;
  /** The next complete reply, e.g. "250 2.0.0 Ok" (multi-line replies joined with \n); rejects after `ms`. */
  reply(ms?: number): Promise<string>;
  /** Sends one command line and reads its reply. */
  command(line: string, ms?: number): Promise<string>;
  /** Writes bytes as they are (no CRLF added). */
  write(data: string | Buffer): void;
  /** Resolves when the server closed the connection. */
  closed: Promise<void>;
  close(): void;
}

export function dotStuff(message: string | Buffer): Buffer {
  const text = Buffer.isBuffer(message) ? message.toString('latin1') : message;
  const lines = text.replace(/\r?\n/g, '\r\n').split('\r\n').map((l) => (l.startsWith('.') ? `.${l}` : l));
  return Buffer.from(`${lines.join('\r\n')}\r\n.\r\n`, 'latin1');
}

export function connectSmtp(port: number, localAddress?: string): Promise<RawSmtp> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
    let buffer = '';
    const waiting: Array<(line: string) => void> = [];
    const ready: string[] = [];
    let isClosed = false;
    const closed = new Promise<void>((r) => socket.once('close', () => ((isClosed = true), r(), flushClosed())));
    const flushClosed = () => waiting.splice(0).forEach((w) => w(''));
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      // A reply ends with a line "NNN text" (a space, not a dash, after the code).
      for (;;) {
        const m = /^((?:\d{3}-[^\r\n]*\r\n)*\d{3}(?: [^\r\n]*)?\r\n)/.exec(buffer);
        if (!m) break;
        buffer = buffer.slice(m[1].length);
        const text = m[1].trimEnd().split('\r\n').join('\n');
        const next = waiting.shift();
        if (next) next(text);
        else ready.push(text);
      }
    });
    const client: RawSmtp = {
      socket,
      reply(ms = 10_000) {
        if (ready.length > 0) return Promise.resolve(ready.shift()!);
        if (isClosed) return Promise.resolve('');
        return new Promise((res, rej) => {
          const timer = setTimeout(() => rej(new Error(`no SMTP reply within ${ms} ms`)), ms);
          waiting.push((line) => {
            clearTimeout(timer);
            res(line);
          });
        });
      },
      command(line, ms) {
        socket.write(`${line}\r\n`);
        return client.reply(ms);
      },
      write(data) {
        if (!socket.destroyed) socket.write(data);
      },
      closed,
      close() {
        socket.destroy();
      },
    };
    socket.once('connect', () => resolve(client));
    socket.once('error', reject);
  });
}

/** Connects, reads the greeting and says EHLO; answers the client and the greeting. */
export async function greeted(port: number, localAddress?: string): Promise<{ smtp: RawSmtp; greeting: string }> {
  const smtp = await connectSmtp(port, localAddress);
  const greeting = await smtp.reply();
  if (greeting.startsWith('220')) await smtp.command('EHLO abuse.test');
  return { smtp, greeting };
}

/** One whole transaction on a fresh connection; answers the reply to the end of DATA ('' if the connection died). */
export async function sendRaw(port: number, from: string, to: string[], message: string | Buffer, localAddress?: string): Promise<string> {
  const { smtp, greeting } = await greeted(port, localAddress);
  try {
    if (!greeting.startsWith('220')) return greeting;
    const mail = await smtp.command(`MAIL FROM:<${from}>`);
    if (!mail.startsWith('250')) return mail;
    let accepted = 0;
    for (const r of to) if ((await smtp.command(`RCPT TO:<${r}>`)).startsWith('250')) accepted++;
    if (accepted === 0) return 'no recipient accepted';
    const data = await smtp.command('DATA');
    if (!data.startsWith('354')) return data;
    smtp.write(dotStuff(message));
    const answer = await smtp.reply(30_000);
    await smtp.command('QUIT').catch(() => '');
    return answer;
  } finally {
    smtp.close();
  }
}
