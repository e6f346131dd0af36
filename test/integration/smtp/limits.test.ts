import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../helpers/app.js';
import { createSmtpServer, type SmtpListener } from '../../../src/smtp/server.js';

const open: net.Socket[] = [];
const listeners: Array<Pick<SmtpListener, 'listen' | 'close'>> = [];
afterAll(async () => {
  open.forEach((s) => s.destroy());
  for (const l of listeners) await l.close();
});

/** Connects and answers the first reply line (the greeting, or a refusal). */
function connect(port: number): Promise<{ socket: net.Socket; line: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    open.push(socket);
    socket.once('data', (c: Buffer) => resolve({ socket, line: c.toString().split('\r\n')[0] }));
    socket.once('error', reject);
  });
}

async function listen(env: Record<string, string>): Promise<number> {
  const database = await openTestDatabase('sqlite');
  const smtp = createSmtpServer({ config: testConfig(env), db: database.db });
  const port = await smtp.listen(0, '127.0.0.1');
  listeners.push({ listen: smtp.listen, close: async () => (await smtp.close(), await database.close()) });
  return port;
}

describe('SMTP connection caps', () => {
  it('refuses connections from one IP past SMTP_MAX_CLIENTS_PER_IP with 421, and takes them again once one closes', async () => {
    const port = await listen({ SMTP_MAX_CLIENTS_PER_IP: '2' });
    const [a, b] = [await connect(port), await connect(port)];
    expect([a.line, b.line].every((l) => l.startsWith('220 '))).toBe(true);
    const third = await connect(port);
    expect(third.line).toBe('421 4.7.0 Too many connections from 127.0.0.1, try again later');
    a.socket.end('QUIT\r\n');
    await new Promise((r) => a.socket.once('close', r));
    await expect.poll(async () => (await connect(port)).line.slice(0, 4), { timeout: 3000, interval: 50 }).toBe('220 ');
  });

  it('refuses connections past SMTP_MAX_CLIENTS in all with 421', async () => {
    const port = await listen({ SMTP_MAX_CLIENTS: '2', SMTP_MAX_CLIENTS_PER_IP: '100' });
    await connect(port);
    await connect(port);
    const third = await connect(port);
    expect(third.line).toMatch(/^421 .*Too many connected clients/);
  });
});

describe('inbound mail per account (RATE_LIMIT_INBOUND)', () => {
  it('answers 451 4.7.1 past the allowance, so senders retry, and leaves other accounts alone', async () => {
    const { createAccount } = await import('../../../src/identity/accounts.js');
    const { createAddress } = await import('../../../src/mail/addresses.js');
    const nodemailer = (await import('nodemailer')).default;
    const database = await openTestDatabase('sqlite');
    // A day's window: the allowance's windows start on the clock's minute by default, and a test crossing one began
    // again with a fresh allowance (its third message was taken once in CI).
    const config = testConfig({ RATE_LIMIT_INBOUND: '2', RATE_LIMIT_WINDOW_SECONDS: '86400' });
    const busy = await createAccount(database.db, 'busy@example.com', 'developer');
    const calm = await createAccount(database.db, 'calm@example.com', 'developer');
    const a = await createAddress(database.db, config, busy.id, { prefix: 'busy' });
    const b = await createAddress(database.db, config, calm.id, { prefix: 'calm' });
    const smtp = createSmtpServer({ config, db: database.db });
    const port = await smtp.listen(0, '127.0.0.1');
    listeners.push({ listen: smtp.listen, close: async () => (await smtp.close(), await database.close()) });
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    try {
      const send = (to: string) => transport.sendMail({ from: 'x@example.com', to, subject: 's', text: 't' });
      await send(a.address);
      await send(a.address);
      await expect(send(a.address)).rejects.toMatchObject({ responseCode: 451, response: expect.stringContaining('4.7.1') });
      expect((await send(b.address)).response).toMatch(/^250 /);
      await smtp.intake.drained();
      const stored = await database.db.selectFrom('messages').select('address_id').execute();
      expect(stored.filter((m) => m.address_id === a.id)).toHaveLength(2);
    } finally {
      transport.close();
    }
  });

  it('counts in Redis when configured, so every instance shares the allowance', async () => {
    const { Redis } = await import('ioredis');
    const { createInboundLimiter } = await import('../../../src/mail/inbound-limit.js');
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    try {
      const account = `acc_inbound_${Date.now()}_${Math.random().toString(36).slice(2)}`;
      // A day's window, as the test above: the windows start on the clock's minute, and four takes that straddled one
      // began again with a fresh allowance (the fourth was taken once in CI).
      const day = 86_400_000;
      const first = createInboundLimiter(3, day, redis);
      const second = createInboundLimiter(3, day, redis);
      const taken = [await first.take(account), await second.take(account), await first.take(account), await second.take(account)];
      expect(taken).toEqual([true, true, true, false]);
    } finally {
      redis.disconnect();
    }
  });
});
