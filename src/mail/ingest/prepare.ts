import { encodeSource, type MessageLink } from '../../db/messages.js';
import { extractCodesAndLinks } from '../codes-links.js';
import { parse, type ParsedContent } from './parse.js';

/** Everything a message's copies share, worked out once before the transaction: the CPU-heavy part of storing. */
export interface PreparedContent {
  content: Omit<ParsedContent, 'attachments'> & { attachments: Array<{ filename: string | null; content_type: string; size: number }> };
  codes: string[];
  links: MessageLink[];
  source: { raw: Buffer; encoding: 'br' | 'identity'; size: number };
}

/**
 * Parses, extracts codes and links, and compresses the source (what the intake worker pool runs off the event loop;
 * `onWorkerThread`: compressing on the calling thread, src/db/messages.ts `encodeSource`).
 */
export async function prepareContent(raw: Buffer, onWorkerThread = false): Promise<PreparedContent> {
  const parsed = await parse(raw);
  // Read once for every copy: what a test asks for most, the code and the link in the email.
  const { codes, links } = extractCodesAndLinks(parsed.subject, parsed.text, parsed.html);
  return {
    // Attachment bytes are read from the source when downloaded; only their size is stored.
    content: { ...parsed, attachments: parsed.attachments.map((a) => ({ filename: a.filename, content_type: a.content_type, size: a.content.length })) },
    codes,
    links,
    source: await encodeSource(raw, onWorkerThread),
  };
}
