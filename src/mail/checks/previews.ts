import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
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

/** A page kept for the next render: opening one starts a renderer process, 0.5–0.9 s of every render on two cores. */
interface Slot {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  renders: number;
}

/** A kept page is closed after this many renders (what a long-lived renderer holds on to is given back)… */
const RENDERS_PER_PAGE = 100;
/** …and every kept page once no render has come for this long (each is a renderer process of 30–60 MB). */
const IDLE_CLOSE_MS = 60_000;

/**
 * Renders messages with headless Chromium (playwright-core, the browser at CHROMIUM_PATH), one browser per
 * instance, launched at the first preview and closed with the context; at most `concurrency` renders at a time
 * (a render holds a page, and pages are what cost memory). Pages live in browser contexts with scripts off and every
 * network request aborted — the HTML comes from a stranger, and fetching its images would tell the sender the message
 * was opened. A page is kept for the next render (its width and colour scheme set again, its document replaced): with
 * scripts off and nothing fetched, a document leaves no state a later one can read. A page that fails is closed, not
 * kept.
 */
export class Previewer {
  private browser: Promise<Browser> | undefined;
  private readonly limit: ReturnType<typeof pLimit>;
  private idle: Slot[] = [];
  private idleTimer: NodeJS.Timeout | undefined;

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
          // A crashed or killed browser is launched again at the next preview; its pages went with it.
          browser.once('disconnected', () => {
            if (this.browser === launching) this.browser = undefined;
            this.idle = [];
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

  private async openSlot(browser: Browser): Promise<Slot> {
    const context = await browser.newContext({
      // One pixel high: the page is then as high as its content (`vh` units measure nothing, which mail, shown by
      // clients in panes of any height, does not rely on).
      viewport: { width: PREVIEW_WIDTHS[0], height: 1 },
      deviceScaleFactor: 1,
      javaScriptEnabled: false,
      offline: true,
    });
    try {
      // Every request the page makes (images, styles, frames, a meta refresh) is aborted; file: URLs are refused by
      // Chromium itself for a document that is not a file.
      await context.route('**/*', (route) => route.abort('blockedbyclient'));
      const page = await context.newPage();
      return { context, page, cdp: await context.newCDPSession(page), renders: 0 };
    } catch (err) {
      await context.close().catch(() => undefined);
      throw err;
    }
  }

  private keep(slot: Slot): void {
    if (slot.renders >= RENDERS_PER_PAGE || !this.browser) {
      void slot.context.close().catch(() => undefined);
      return;
    }
    this.idle.push(slot);
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.closeIdle(), IDLE_CLOSE_MS);
    this.idleTimer.unref();
  }

  private closeIdle(): void {
    const slots = this.idle;
    this.idle = [];
    for (const slot of slots) void slot.context.close().catch(() => undefined);
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
      // A kept page that fails (its renderer crashed while it waited, say) is closed, and the render tried once more
      // on a page of its own.
      const kept = this.idle.pop();
      if (kept) {
        try {
          return await this.draw(kept, source, options);
        } catch {
          /* tried again below */
        }
      }
      return this.draw(await this.openSlot(browser), source, options);
    });
  }

  /** Renders on `slot`'s page and keeps the page, or closes it when the render fails. */
  private async draw(slot: Slot, source: PreviewSource, options: PreviewOptions): Promise<Buffer> {
    let png: Buffer;
    try {
      const { page } = slot;
      slot.renders++;
      await page.setViewportSize({ width: options.width, height: 1 });
      await page.emulateMedia({ colorScheme: options.dark ? 'dark' : 'light' });
      await page.setContent(documentOf(source, options.dark), { waitUntil: 'load', timeout: 15_000 });
      // The document's laid-out height, as a full-page screenshot measures it.
      const { cssContentSize } = await slot.cdp.send('Page.getLayoutMetrics');
      const height = Math.min(MAX_PREVIEW_HEIGHT, Math.max(1, Math.ceil(cssContentSize.height)));
      png = await page.screenshot({ type: 'png', fullPage: true, clip: { x: 0, y: 0, width: options.width, height } });
    } catch (err) {
      await slot.context.close().catch(() => undefined);
      throw err;
    }
    this.keep(slot);
    return png;
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    clearTimeout(this.idleTimer);
    this.closeIdle();
    await browser?.then((b) => b.close()).catch(() => undefined);
  }
}
