import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../helpers/app.js';
import { LIBRARY_INIT_SOURCE } from '../../../src/smtp/greeting.js';
import { createSmtpServer, type SmtpListener } from '../../../src/smtp/server.js';

const listeners: Array<Pick<SmtpListener, 'listen' | 'close'>> = [];
afterAll(async () => {
  for (const l of listeners) await l.close();
});

/** Milliseconds from connect to the 220 greeting. */
async function greetingAfter(port: number): Promise<{ ms: number; line: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('data', (chunk: Buffer) => {
      resolve({ ms: performance.now() - started, line: chunk.toString() });
      socket.end('QUIT\r\n');
    });
    socket.once('error', reject);
  });
}

async function listen(env: Record<string, string>): Promise<number> {
  const database = await openTestDatabase('sqlite');
  const smtp = createSmtpServer({ config: testConfig(env), db: database.db });
  listeners.push({ listen: smtp.listen, close: async () => (await smtp.close(), await database.close()) });
  return smtp.listen(0, '127.0.0.1');
}

describe('SMTP greeting delay (SMTP_GREETING_DELAY_MS)', () => {
  it('still overrides the timer smtp-server hard-codes (a new library version fails here, to be looked at)', () => {
    expect(LIBRARY_INIT_SOURCE).toContain('setTimeout(() => this.connectionReady(), 100)');
    expect(LIBRARY_INIT_SOURCE).toContain('Too many connected clients');
  });

  it('greets at once by default and holds the greeting as long as configured', async () => {
    const prompt = await listen({});
    const held = await listen({ SMTP_GREETING_DELAY_MS: '400' });
    const quick = await greetingAfter(prompt);
    const slow = await greetingAfter(held);
    expect(quick.line).toMatch(/^220 /);
    expect(slow.line).toMatch(/^220 /);
    // The configured delay is a lower bound; the default greets well inside the library's old 100 ms.
    expect(slow.ms).toBeGreaterThanOrEqual(390);
    expect(quick.ms).toBeLessThan(slow.ms - 200);
  });
});
