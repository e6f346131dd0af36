import DOMPurify from 'dompurify';

/**
 * Mail HTML is hostile until proven otherwise. Three layers keep it inert:
 * 1. DOMPurify removes scripts, event handlers, `javascript:` URLs, forms' actions and other active content;
 * 2. the result is shown in an `<iframe sandbox srcdoc>` without `allow-scripts` or `allow-same-origin`, so even
 *    something DOMPurify missed cannot run or reach the dashboard's origin, cookies or API;
 * 3. a CSP inside the frame (on top of the dashboard's, which it inherits) allows inline styles and data: images
 *    only — no remote images, fonts or stylesheets, so opening a message does not tell its sender. Only when the
 *    reader asks to load remote images for this message does the frame's CSP allow http(s) images, and images
 *    alone (the dashboard's own CSP allows them for that reason; scripts, fonts, styles and connections stay
 *    closed either way).
 * `cid:` images are shown from the message's own attachments, as data: URLs the dashboard fetched from its API.
 * Links open in a new tab, outside the sandbox, without a referrer — verification links have to work.
 */
const FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";
const FRAME_CSP_REMOTE_IMAGES = "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; font-src data:";

const BASE_STYLE =
  'html{color-scheme:light}body{margin:16px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}pre{white-space:pre-wrap}';

/** Attributes that name an image to fetch; the frame's CSP blocks the remote ones, this list is for counting. */
const IMAGE_ATTRIBUTES = ['src', 'background', 'poster'];
const REMOTE = /^\s*(?:https?:)?\/\//i;
const CSS_URL = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

export interface MailView {
  /** Show remote (http, https) images. */
  remoteImages: boolean;
  /** `cid:` content id (without brackets, lower-cased) → data: URL of the attachment. */
  inline: Map<string, string>;
}

interface Rendering {
  view: MailView;
  remote: number;
  cids: Set<string>;
}

let rendering: Rendering | null = null;
let hooked = false;

function cidOf(url: string): string | null {
  const m = /^\s*cid:(.+)$/i.exec(url);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]).replace(/^<|>$/g, '').trim().toLowerCase();
  } catch {
    return m[1].trim().toLowerCase();
  }
}

/** Rewrites `cid:` to the attachment's data: URL and counts (and, when blocked, removes) remote image URLs. */
function imageUrl(url: string, r: Rendering): string | null {
  const cid = cidOf(url);
  if (cid !== null) {
    r.cids.add(cid);
    return r.view.inline.get(cid) ?? null;
  }
  if (REMOTE.test(url)) {
    r.remote++;
    return r.view.remoteImages ? url : null;
  }
  return url;
}

function cssUrls(css: string, r: Rendering): string {
  return css.replace(CSS_URL, (whole, _quote: string, url: string) => {
    const next = imageUrl(url, r);
    return next === url ? whole : next === null ? 'none' : `url("${next}")`;
  });
}

function install(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    // Forms cannot submit from the sandbox anyway; dropping the target of a submission is belt and braces.
    if (node.nodeName === 'FORM') node.removeAttribute('action');
    const r = rendering;
    if (!r) return;
    for (const name of IMAGE_ATTRIBUTES) {
      const value = node.getAttribute(name);
      if (value === null || (name === 'src' && !['IMG', 'INPUT'].includes(node.nodeName))) continue;
      const next = imageUrl(value, r);
      if (next === null) node.removeAttribute(name);
      else if (next !== value) node.setAttribute(name, next);
    }
    const style = node.getAttribute('style');
    if (style) node.setAttribute('style', cssUrls(style, r));
  });
  DOMPurify.addHook('uponSanitizeElement', (node) => {
    if (rendering && node.nodeName === 'STYLE' && node.textContent) node.textContent = cssUrls(node.textContent, rendering);
  });
}

export function sanitizeMailHtml(html: string, view: MailView = { remoteImages: false, inline: new Map() }): { html: string; remoteImages: number; cids: Set<string> } {
  install();
  rendering = { view, remote: 0, cids: new Set() };
  try {
    const clean = DOMPurify.sanitize(html, {
      WHOLE_DOCUMENT: false,
      FORBID_TAGS: ['base', 'meta', 'link', 'iframe', 'frame', 'object', 'embed', 'script'],
      FORBID_ATTR: ['srcset', 'ping', 'formaction'],
      ALLOW_UNKNOWN_PROTOCOLS: false,
    });
    return { html: clean, remoteImages: rendering.remote, cids: rendering.cids };
  } finally {
    rendering = null;
  }
}

/** The `srcdoc` of the message frame: the sanitised body inside a document that carries its own CSP. */
export function mailDocument(html: string, view?: MailView): { srcdoc: string; remoteImages: number; cids: Set<string> } {
  const clean = sanitizeMailHtml(html, view);
  const csp = view?.remoteImages ? FRAME_CSP_REMOTE_IMAGES : FRAME_CSP;
  return {
    srcdoc: `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><meta name="referrer" content="no-referrer"><style>${BASE_STYLE}</style></head><body>${clean.html}</body></html>`,
    remoteImages: clean.remoteImages,
    cids: clean.cids,
  };
}

/** The `cid:` ids the HTML refers to (lower-cased), without rendering it. */
export function cidsOf(html: string): Set<string> {
  return sanitizeMailHtml(html).cids;
}

/** Without allow-scripts and allow-same-origin; popups only so that links open (outside the sandbox). */
export const MAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';
/**
 * The hidden twin that measures the message's height: same document, same CSP (so it loads nothing the visible
 * frame would not), scripts still off; same-origin only so the dashboard can read its height.
 */
export const MEASURE_FRAME_SANDBOX = 'allow-same-origin';
