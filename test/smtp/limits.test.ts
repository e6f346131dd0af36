import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../helpers/app.js';
import { createSmtpServer, type SmtpListener } from '../../src/smtp/server.js';

const open: net.Socket[] = [];
const listeners: SmtpListener[] = [];
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
