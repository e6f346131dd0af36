import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { findChecks, findPreview, saveChecks, savePreview, type StaticReport, type StoredChecks } from '../../db/message-checks.js';
import type { Authentication } from '../../db/messages.js';
import { compatibilityView, type ClientFamily } from './client-support.js';
import type { HtmlChecker } from './html-checker.js';
import type { Previewer, PreviewOptions } from './previews.js';
import { askSpamd, SpamdUnavailableError } from './spam.js';
import type { components } from '../../../generated/schema.js';

export type MessageChecks = components['schemas']['MessageChecks'];

/**
 * What is checked: a message's content and what ingestion found in it. Anything that stores content in
 * message_contents can be checked — an address's message today (see messageCheckSubject in ../messages.ts), a
 * sandbox's later — and the cache is the content's, so copies share it.
 */
export interface CheckSubject {
  contentId: string;
  html: string | null;
  text: string | null;
  /** Links ingestion found (the HTML's anchors and URLs written in the text body). */
  links: string[];
  authentication: Authentication | null;
  /** The raw source, read only when spamd is asked. */
  raw: () => Promise<Buffer>;
}

export interface ChecksDeps {
  db: Db;
  config: Pick<Config, 'checks' | 'dnsServers' | 'webhooks'>;
  /** Where the HTML checks run: a worker thread (src/mail/checks/html-checker.ts). */
  htmlChecker: HtmlChecker;
}

export interface CheckOptions {
  refresh: boolean;
  links: boolean;
  clients?: ClientFamily[];
}

const LINKS_NOT_ASKED = 'Links are fetched only when asked: add links=true (fetching them tells their owner the message was opened).';

/**
 * The largest HTML body the HTML checks take. Both take a few milliseconds per KiB together, on the HTML checker's
 * one thread, where a bigger body would hold up every other message's checks; Gmail clips messages past 102 KB anyway.
 */
export const HTML_CHECK_MAX_BYTES = 256 * 1024;

function htmlReason(html: string | null): string | null {
  if (html === null) return 'The message has no HTML body.';
  const size = Buffer.byteLength(html);
  if (size > HTML_CHECK_MAX_BYTES) return `The HTML body is ${Math.ceil(size / 1024)} KiB; the HTML checks take bodies up to 256 KiB (Gmail clips messages past 102 KB).`;
  return null;
}

async function staticReport(deps: ChecksDeps, subject: CheckSubject): Promise<StaticReport> {
  if (subject.html === null || htmlReason(subject.html) !== null) return { html_compatibility: null, html_validation: null };
  return deps.htmlChecker.check(subject.html);
}

async function spamCheck(deps: ChecksDeps, subject: CheckSubject): Promise<{ spam: StoredChecks['spam']; reason: string | null }> {
  const spamd = deps.config.checks.spamd;
  if (!spamd) return { spam: null, reason: 'No SpamAssassin daemon is configured on this instance (the operator sets SPAMD_HOST and SPAMD_PORT).' };
  try {
    return { spam: await askSpamd(await subject.raw(), spamd), reason: null };
  } catch (err) {
    if (err instanceof SpamdUnavailableError) return { spam: null, reason: err.message };
    throw err;
  }
}

/**
 * The checks of a message: the stored ones, with what is missing (or asked again with `refresh`) computed and
 * stored. A spam check that could not run is answered as null with its reason and stored as nothing, so the next
 * request tries again; an earlier score is kept in the store until a new one replaces it.
 */
export async function checkMessageContent(deps: ChecksDeps, subject: CheckSubject, options: CheckOptions, now = () => new Date()): Promise<MessageChecks> {
  const stored = await findChecks(deps.db, subject.contentId);
  let changed = !stored;
  const report = stored?.report ?? (await staticReport(deps, subject));

  let spam = stored?.spam ?? null;
  let spamReason: string | null = null;
  if (!spam || options.refresh) {
    const result = await spamCheck(deps, subject);
    spamReason = result.reason;
    if (result.spam) {
      spam = result.spam;
      changed = true;
    } else {
      spam = null;
    }
  }

  let links = stored?.links ?? null;
  if (options.links && (!links || options.refresh)) {
    const { timeoutMs, concurrency, allowPrivate } = deps.config.checks.links;
    // Loaded with the first link check, not at start (its HTML parser is not needed until then).
    const { checkLinks, dnsServersResolver, linkTargets } = await import('./links.js');
    const results = await checkLinks(linkTargets(subject.html, subject.links), {
      timeoutMs,
      concurrency,
      policy: { allowPrivate, allowedNetworks: deps.config.webhooks.allowedNetworks },
      resolve: dnsServersResolver(deps.config.dnsServers),
    });
    links = { checked_at: now().toISOString(), results };
    changed = true;
  }

  if (changed) await saveChecks(deps.db, subject.contentId, { report, links, spam: spam ?? stored?.spam ?? null }, now().toISOString());
  return {
    html_compatibility: report.html_compatibility && compatibilityView(report.html_compatibility, options.clients),
    html_validation: report.html_validation,
    html_reason: htmlReason(subject.html),
    links,
    links_reason: links ? null : LINKS_NOT_ASKED,
    spam,
    spam_reason: spam ? null : spamReason,
    authentication: subject.authentication,
  };
}

/** A PNG of the message as Chromium renders it, from the store when this variant was rendered before. */
export async function previewMessageContent(db: Db, previewer: Previewer, subject: CheckSubject, options: PreviewOptions, now = () => new Date()): Promise<Buffer> {
  const variant = `${options.width}-${options.dark ? 'dark' : 'light'}`;
  const cached = await findPreview(db, subject.contentId, variant);
  if (cached) return cached;
  const png = await previewer.render({ html: subject.html, text: subject.text }, options);
  await savePreview(db, subject.contentId, variant, png, now().toISOString());
  return png;
}
