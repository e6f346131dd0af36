import type { StaticReport } from '../../db/message-checks.js';
import { checkClientSupport } from './client-support.js';
import { validateHtml } from './html-validation.js';

/**
 * The HTML checks of one message, on a thread of the HTML checker's pool (src/mail/checks/html-checker.ts): caniemail's
 * client support and html-validate, each a few milliseconds per KiB of HTML, so a large newsletter's took the event
 * loop for half a second or more. Loaded from dist/html-worker.js beside the bundle, or from source through tsx.
 */
export default async function checkHtml({ html }: { html: string }): Promise<StaticReport> {
  return { html_compatibility: await checkClientSupport(html), html_validation: await validateHtml(html) };
}
