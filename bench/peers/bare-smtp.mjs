// The bare smtp-server baseline of `npm run bench` (bench/peers.ts): the library Ephemail's listener is built
// on, accepting every sender and recipient and discarding the message once it has been read to its end.
// Usage: node bare-smtp.mjs PORT
//        node --import tsx bare-smtp.mjs PORT greet-at-once
// The second form greets at once with Ephemail's own override of smtp-server's 100 ms greeting hold
// (src/smtp/greeting.ts, SMTP_GREETING_DELAY_MS=0): the library as Ephemail runs it, doing nothing else — the
// ceiling of any listener built on it, for the new-connection-per-message row.
import { SMTPServer } from 'smtp-server';

const atOnce = process.argv[3] === 'greet-at-once';
if (atOnce) await import('../../src/smtp/greeting.ts');

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  maxClients: 1000,
  ...(atOnce ? { greetingDelayMs: 0 } : {}),
  onData(stream, _session, callback) {
    stream.on('end', () => callback());
    stream.resume();
  },
});
server.listen(Number(process.argv[2]), '127.0.0.1');
