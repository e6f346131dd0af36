import net from 'node:net';
import type { components } from '../../../generated/schema.js';

export type SpamCheck = components['schemas']['SpamCheck'];

export interface SpamdOptions {
  host: string;
  port: number;
  timeoutMs: number;
}

/** spamd did not answer usably; the message is the `spam_reason` a user reads. */
export class SpamdUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpamdUnavailableError';
  }
}

const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * SpamAssassin's verdict on a raw message through spamd's SPAMC/1.5 `REPORT` command: one request, one answer,
 * over a socket. Written here rather than taken from npm: the clients there (`spamc` 0.0.5, `node-spamd` 0.0.4)
 * are unmaintained for a decade, and the exchange is a header block and the message out, a status line, a
 * `Spam: True ; 1005.2 / 5.0` header and the report back (spamd's own spamc does the same).
 */
export function askSpamd(raw: Buffer, options: SpamdOptions, now = () => new Date()): Promise<SpamCheck> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const socket = net.connect({ host: options.host, port: options.port });
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(new SpamdUnavailableError(why));
    };
    socket.setTimeout(options.timeoutMs, () => fail(`spamd at ${options.host}:${options.port} did not answer within ${options.timeoutMs} ms`));
    socket.once('error', (err: NodeJS.ErrnoException) => fail(`spamd at ${options.host}:${options.port} is unreachable (${err.code ?? err.message})`));
    socket.once('connect', () => {
      socket.write(`REPORT SPAMC/1.5\r\nContent-length: ${raw.length}\r\nUser: ephemail\r\n\r\n`);
      // spamd reads Content-length bytes; half-closing tells it nothing more comes, as spamc does.
      socket.end(raw);
    });
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) return fail('spamd answered more than 1 MiB, which is not a report');
      chunks.push(chunk);
    });
    socket.once('end', () => {
      if (settled) return;
      try {
        const result = parseReport(Buffer.concat(chunks).toString('utf8'), now());
        settled = true;
        resolve(result);
      } catch (err) {
        fail((err as Error).message);
      }
    });
  });
}

/** Parses spamd's answer to REPORT: status line, headers, blank line, the human-readable report with its rule table. */
export function parseReport(answer: string, checkedAt: Date): SpamCheck {
  const split = answer.indexOf('\r\n\r\n');
  const head = split >= 0 ? answer.slice(0, split) : answer;
  const body = split >= 0 ? answer.slice(split + 4) : '';
  const [status, ...headers] = head.split('\r\n');
  const statusMatch = /^SPAMD\/[\d.]+\s+(\d+)\s+(.*)$/.exec(status ?? '');
  if (!statusMatch) throw new Error('spamd answered something that is not SPAMD/1.x');
  if (statusMatch[1] !== '0') throw new Error(`spamd refused the check: ${statusMatch[1]} ${statusMatch[2]}`);
  const spamHeader = headers.map((h) => /^Spam:\s*(True|False|Yes|No)\s*;\s*(-?[\d.]+)\s*\/\s*(-?[\d.]+)/i.exec(h)).find(Boolean);
  if (!spamHeader) throw new Error('spamd answered without a Spam: header');
  return {
    score: Number(spamHeader[2]),
    threshold: Number(spamHeader[3]),
    is_spam: /^(true|yes)$/i.test(spamHeader[1]),
    rules: parseRuleTable(body),
    checked_at: checkedAt.toISOString(),
  };
}

/**
 * The report's rule table: after the ` pts rule name  description` header and its dashes, one line per rule hit
 * (`-0.0 NO_RECEIVED  Informational: …`), long descriptions continued on indented lines.
 */
function parseRuleTable(report: string): SpamCheck['rules'] {
  const lines = report.split(/\r?\n/);
  const start = lines.findIndex((l) => /^\s*pts\s+rule name\s+description/.test(l));
  if (start < 0) return [];
  const rules: SpamCheck['rules'] = [];
  for (const line of lines.slice(start + 2)) {
    const hit = /^\s*(-?\d+(?:\.\d+)?)\s+([A-Z0-9_]+)\s+(.*)$/.exec(line);
    if (hit) rules.push({ name: hit[2], score: Number(hit[1]), description: hit[3].trim() });
    else if (/^\s{5,}\S/.test(line) && rules.length > 0) rules[rules.length - 1].description += ` ${line.trim()}`;
    else if (line.trim() === '') break;
  }
  return rules;
}
