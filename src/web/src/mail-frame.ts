import DOMPurify from 'dompurify';

/**
 * Mail HTML is hostile until proven otherwise. Three layers keep it inert:
 * 1. DOMPurify removes scripts, event handlers, `javascript:` URLs, forms' actions and other active content;
 * 2. the result is shown in an `<iframe sandbox srcdoc>` without `allow-scripts` or `allow-same-origin`, so even
 *    something DOMPurify missed cannot run or reach the dashboard's origin, cookies or API;
 * 3. a CSP inside the frame (on top of the dashboard's, which it inherits) allows inline styles and data: images
 *    only — no remote images, fonts or stylesheets, so opening a message does not tell its sender.
 * Links open in a new tab, outside the sandbox, without a referrer — verification links have to work.
 */
const FRAME_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

const BASE_STYLE =
  'html{color-scheme:light}body{margin:16px;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#fff;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}pre{white-space:pre-wrap}';

let hooked = false;

export function sanitizeMailHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      // Forms cannot submit from the sandbox anyway; dropping the target of a submission is belt and braces.
      if (node.nodeName === 'FORM') node.removeAttribute('action');
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: false,
    FORBID_TAGS: ['base', 'meta', 'link', 'iframe', 'frame', 'object', 'embed', 'script'],
    FORBID_ATTR: ['srcset', 'ping', 'formaction'],
    ALLOW_UNKNOWN_PROTOCOLS: false,
  });
}

/** The `srcdoc` of the message frame: the sanitised body inside a document that carries its own CSP. */
export function mailDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><meta name="referrer" content="no-referrer"><style>${BASE_STYLE}</style></head><body>${sanitizeMailHtml(html)}</body></html>`;
}

/** Without allow-scripts and allow-same-origin; popups only so that links open (outside the sandbox). */
export const MAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';
