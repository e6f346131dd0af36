import net from 'node:net';

/** A bare SMTP client for what nodemailer hides: the greeting, EHLO lines, every reply code, raw DATA bytes. */
export async function dialog(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  let closed = false;
  const waiters: Array<{ resolve: (reply: string) => void; reject: (err: Error) => void }> = [];
  const drain = () => {
    for (;;) {
      // A reply is any "NNN-" continuation lines followed by one "NNN " (or bare "NNN") line.
      const m = /^(?:\d{3}-[^\r\n]*\r\n)*\d{3}(?: [^\r\n]*)?\r\n/.exec(buffer);
      if (!m || waiters.length === 0) break;
      buffer = buffer.slice(m[0].length);
      waiters.shift()!.resolve(m[0]);
    }
    if (closed) waiters.splice(0).forEach((w) => w.reject(new Error(`connection closed; unread: ${buffer}`)));
  };
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    drain();
  });
  socket.on('close', () => {
    closed = true;
    drain();
  });
  socket.on('error', () => undefined);
  const next = () =>
    new Promise<string>((resolve, reject) => {
      waiters.push({ resolve, reject });
      drain();
    });
  const greeting = await next();
  return {
    greeting,
    command(line: string) {
      socket.write(`${line}\r\n`);
      return next();
    },
    /** DATA, then the message dot-stuffed as the protocol requires, then the terminating dot. */
    async data(raw: Buffer) {
      const go = await this.command('DATA');
      if (!go.startsWith('354')) return go;
      const stuffed = raw.toString('latin1').replace(/(^|\r\n)\./g, '$1..');
      socket.write(Buffer.concat([Buffer.from(stuffed, 'latin1'), Buffer.from(raw.subarray(-2).toString() === '\r\n' ? '.\r\n' : '\r\n.\r\n')]));
      return next();
    },
    close() {
      socket.end('QUIT\r\n');
    },
    /** Writes raw bytes (for a test that sends part of a message). */
    write(text: string) {
      socket.write(text);
    },
    /** Drops the connection without QUIT, as a client that went away does. */
    destroy() {
      socket.destroy();
    },
    /** Resolves when the server has closed the connection. */
    closed: () => (closed ? Promise.resolve() : new Promise<void>((resolve) => socket.once('close', () => resolve()))),
  };
}

