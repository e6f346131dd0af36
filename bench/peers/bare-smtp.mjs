// The bare smtp-server baseline of `npm run bench` (bench/peers.ts): the library Ephemail's listener is built
// on, accepting every sender and recipient and discarding the message once it has been read to its end.
// Usage: node bare-smtp.mjs PORT
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  maxClients: 1000,
  onData(stream, _session, callback) {
    stream.on('end', () => callback());
    stream.resume();
  },
});
server.listen(Number(process.argv[2]), '127.0.0.1');
