import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';

/**
 * smtp-server holds every greeting for a hard-coded 100 ms to catch clients that talk before it (its
 * `SMTPConnection.init`), which caps a connection-per-message sender at about ten messages a second per session.
 * This replaces that one timer with the server's `greetingDelayMs` option (SMTP_GREETING_DELAY_MS, 0 by default:
 * greet at once); a server without the option keeps the library's behaviour. The rest of `init` is the library's,
 * line for line; test/smtp/greeting.test.ts fails if a new smtp-server version changes it, so the override is
 * revisited rather than silently drifting.
 */
type Connection = SMTPConnection & {
  _server: { options: { maxClients?: number; greetingDelayMs?: number }; connections: Set<unknown> };
  name: string;
  send(code: number, text: string, close?: boolean): void;
};

const libraryInit = SMTPConnection.prototype.init;
export const LIBRARY_INIT_SOURCE = libraryInit.toString();

SMTPConnection.prototype.init = function init(this: Connection): void {
  const delay = this._server.options.greetingDelayMs;
  if (delay === undefined) return libraryInit.call(this);
  this._setListeners(() => {
    if (this._server.options.maxClients && this._server.connections.size > this._server.options.maxClients) {
      return this.send(421, this.name + ' Too many connected clients, try again in a moment', false);
    }
    if (delay === 0) return this.connectionReady();
    setTimeout(() => this.connectionReady(), delay).unref();
  });
};
