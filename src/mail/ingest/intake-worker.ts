/**
 * The intake worker pool's task (src/mail/ingest/intake-pool.ts): a message's CPU-heavy preparation — MIME parse,
 * code and link extraction, compression — on a worker thread, so SMTP and HTTP keep answering meanwhile.
 * Bundled on its own into dist/intake-worker.js by scripts/build-server.ts.
 */
import { prepareContent, type PreparedContent } from './prepare.js';

export default async function prepare(raw: Uint8Array): Promise<PreparedContent> {
  return prepareContent(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
}
