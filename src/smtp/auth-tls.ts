import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';

/**
 * SMTP_AUTH_ALLOW_INSECURE=false: AUTH on a connection that is not encrypted answers `538 5.7.11 Encryption
 * required` (RFC 3207 §4, RFC 4954 §6) before any credential is sent. smtp-server refuses it too, but only when
 * STARTTLS is offered and with its own text ("Must issue a STARTTLS command first"); a server option
 * `authRequiresTls` set by src/smtp/server.ts turns this check on. Everything else is the library's handler.
 */
type Connection = SMTPConnection & {
  _server: { options: { authRequiresTls?: boolean } };
  secure: boolean;
  send(code: number, text: string): void;
};

const libraryAuth = (SMTPConnection.prototype as unknown as { handler_AUTH: (this: Connection, command: Buffer, callback: () => void) => void }).handler_AUTH;

(SMTPConnection.prototype as unknown as { handler_AUTH: (this: Connection, command: Buffer, callback: () => void) => void }).handler_AUTH = function handler_AUTH(
  this: Connection,
  command: Buffer,
  callback: () => void,
): void {
  if (this._server.options.authRequiresTls && !this.secure) {
    this.send(538, '5.7.11 Encryption required');
    return callback();
  }
  libraryAuth.call(this, command, callback);
};
