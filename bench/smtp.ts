import net from 'node:net';

/**
 * A minimal SMTP client that writes each command in one segment. nodemailer writes the DATA terminator separately,
 * and on loopback Nagle's algorithm plus delayed ACKs then add ~40 ms per message on the client side, which would
 * hide the server's own cost.
 */
export async function connectSmtp(port: number) {
  const sock = net.connect(port, '127.0.0.1');
  sock.setNoDelay(true);
  let buffered = '';
  const waiters: Array<(line: string) => void> = [];
  sock.on('data', (d) => {
    buffered += d.toString();
    let i;
    while ((i = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, i);
      buffered = buffered.slice(i + 2);
      if (/^\d{3} /.test(line)) waiters.shift()?.(line);
    }
  });
  const command = (text?: string) => {
    const reply = new Promise<string>((resolve) => waiters.push(resolve));
    if (text !== undefined) sock.write(text);
    return reply;
  };
  await command();
  await command('EHLO bench\r\n');
  return {
    async send(to: string, message: Buffer) {
      await command('MAIL FROM:<a@example.com>\r\n');
      await command(`RCPT TO:<${to}>\r\n`);
      await command('DATA\r\n');
      const reply = await command(Buffer.concat([message, Buffer.from('\r\n.\r\n')]).toString('latin1'));
      if (!reply.startsWith('250')) throw new Error(`SMTP refused: ${reply}`);
    },
    close: () => sock.end(),
  };
}

