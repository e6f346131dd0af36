import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * Small probes of local processes, shared by the test helpers and `npm run chaos` (bench/chaos/): nothing here
 * imports vitest, so the chaos harness runs outside the test runner too.
 */

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts something on ports from freePort(), again (up to three times in all) when it failed because one of them was
 * taken: freePort() finds a port by binding and releasing it, and another process can take it in between. `start`
 * picks its own ports each time; a failure is "port taken" when its message says so (Ephemail's "is already in use",
 * Node's EADDRINUSE, Postfix's "Address already in use").
 */
export async function onFreePorts<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (attempt >= 3 || !/already in use|EADDRINUSE/i.test((err as Error).message)) throw err;
    }
  }
}

/** Whether `url` answers 2xx within 2 s. */
export async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** Whether an SMTP server on 127.0.0.1:`port` greets with 220 within 2 s (it is told QUIT at once). */
export function greets(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(2000, () => socket.destroy());
    socket.once('data', (c: Buffer) => {
      socket.end('QUIT\r\n');
      resolve(c.toString().startsWith('220 '));
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

/** Resolves once the child process has exited (at once if it has). */
export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}
