import type { Browser } from 'playwright-core';
import pLimit from 'p-limit';
import { DomainError } from '../../platform/errors.js';

/** Previews stop at this height: a longer message is cut (documented in openapi.yaml, getMessagePreview). */
export const MAX_PREVIEW_HEIGHT = 8000;
export const PREVIEW_WIDTHS = [375, 768, 1280] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

export interface PreviewOptions {
  width: PreviewWidth;
  dark: boolean;
}

/** What a preview is rendered from: the HTML body, else the text body. */
export interface PreviewSource {
  html: string | null;
  text: string | null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The document to render. In dark mode the page declares it supports both schemes, as mail apps in dark mode
 * treat a message: unstyled text turns light on dark, and the message's own `prefers-color-scheme: dark` styles
 * apply.
 */
function documentOf(source: PreviewSource, dark: boolean): string {
  const scheme = dark ? '<meta name="color-scheme" content="light dark">' : '';
  // After the doctype, never before it: a doctype that is not first puts the page in quirks mode, and the dark
  // picture would then be laid out unlike the light one.
  if (source.html !== null) return source.html.replace(/^(\s*<!doctype[^>]*>)?/i, (doctype) => `${doctype}${scheme}`);
  const text = escapeHtml(source.text ?? '');
  return `<!doctype html><html><head>${scheme}</head><body><pre style="white-space:pre-wrap;word-wrap:break-word;font:14px/1.5 system-ui,sans-serif;margin:16px">${text}</pre></body></html>`;
}

/**
 * `--disable-frame-rate-limit`: headless Chromium otherwise produces a frame for a page that does not change at most
 * about once a second, and a screenshot waits for the next frame — 1 to 2 s of every render, and longer when renders
 * run side by side. Without the limit a render takes 0.6–0.9 s instead of 1.6–2.7 s, four at once 3 s instead of 6, and
 * an idle browser spends the same CPU (BENCHMARKS.md, session 14 of the intake section, "Previews").
 */
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
  '--hide-scrollbars',
  '--disable-frame-rate-limit',
];

/**
 * Renders messages with headless Chromium (playwright-core, the browser at CHROMIUM_PATH), one browser per
 * instance, launched at the first preview and closed with the context; at most `concurrency` renders at a time
 * (a render holds a page, and pages are what cost memory). Each render gets its own browser context with scripts
 * off and every network request aborted — the HTML comes from a stranger, and fetching its images would tell the
 * sender the message was opened.
 */
export class Previewer {
  private browser: Promise<Browser> | undefined;
  private readonly limit: ReturnType<typeof pLimit>;

  constructor(
    private readonly chromiumPath: string,
    concurrency: number,
  ) {
    this.limit = pLimit(concurrency);
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      // playwright-core is loaded at the first preview: about 80 MB and half a second an instance that never
      // renders one does not spend.
      const launching = import('playwright-core')
        .then(({ chromium }) => chromium.launch({ executablePath: this.chromiumPath, args: LAUNCH_ARGS, timeout: 30_000 }))
        .then((browser) => {
          // A crashed or killed browser is launched again at the next preview.
          browser.once('disconnected', () => {
            if (this.browser === launching) this.browser = undefined;
          });
          return browser;
        });
      this.browser = launching;
      // A failed launch is retried at the next preview rather than remembered.
      launching.catch(() => {
        if (this.browser === launching) this.browser = undefined;
      });
    }
    return this.browser;
  }

  render(source: PreviewSource, options: PreviewOptions): Promise<Buffer> {
    return this.limit(async () => {
      let browser: Browser;
      try {
        browser = await this.launch();
      } catch {
        throw new DomainError(
          'preview_unavailable',
          `Previews need Chromium, and ${this.chromiumPath} could not be started; the operator sets CHROMIUM_PATH to a Chromium or Chrome binary.`,
        );
      }
      const context = await browser.newContext({
        // One pixel high: the page is then as high as its content (`vh` units measure nothing, which mail, shown by
        // clients in panes of any height, does not rely on).
        viewport: { width: options.width, height: 1 },
        deviceScaleFactor: 1,
        javaScriptEnabled: false,
        colorScheme: options.dark ? 'dark' : 'light',
        offline: true,
      });
      try {
        // Every request the page makes (images, styles, frames, a meta refresh) is aborted; file: URLs are refused by
        // Chromium itself for a document that is not a file.
        await context.route('**/*', (route) => route.abort('blockedbyclient'));
        const page = await context.newPage();
        await page.setContent(documentOf(source, options.dark), { waitUntil: 'load', timeout: 15_000 });
        const box = await page.locator('html').boundingBox();
        const height = Math.min(MAX_PREVIEW_HEIGHT, Math.max(1, Math.ceil(box?.height ?? 1)));
        return await page.screenshot({ type: 'png', fullPage: true, clip: { x: 0, y: 0, width: options.width, height } });
      } finally {
        await context.close();
      }
    });
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    await browser?.then((b) => b.close()).catch(() => undefined);
  }
}
