import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import nodemailer from 'nodemailer';
import type { FastifyInstance } from 'fastify';
import { buildApp, createDeps } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { createSmtpServer, type SmtpListener } from '../../src/smtp/server.js';
import { openTestDatabase, testConfig } from '../helpers/app.js';

/**
 * The scenario in a real browser (Debian's chromium driven by playwright-core) against the real server
 * and SMTP listener: sign up, a Tools key, a call, usage; upgrade, a Developer key, an address, mail arriving,
 * a hostile HTML mail that must stay inert. Screenshots of the main screens go to test-artifacts/.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'correct-horse-battery';

let database: Database;
let app: FastifyInstance;
let smtp: SmtpListener;
let smtpPort: number;
let base: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const dialogs: string[] = [];
const pageErrors: string[] = [];

const email = `e2e-${Date.now()}@example.com`;
let toolsKey = '';
let address = '';

beforeAll(async () => {
  // The dashboard as `npm start` serves it: `npm run build:web` (esbuild) into dist/web.
  execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'scripts/build-web.ts')], { cwd: ROOT, stdio: 'pipe' });
  fs.mkdirSync(ARTIFACTS, { recursive: true });

  const config = testConfig({ RATE_LIMIT_TOOLS: '3' });
  database = await openTestDatabase('sqlite');
  const deps = await createDeps(config, { database });
  app = await buildApp(deps, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  smtp = createSmtpServer({ config, db: database.db });
  smtpPort = await smtp.listen(0, '127.0.0.1');

  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  page = await context.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await smtp?.close();
  await app?.close();
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `dashboard-${name}.png`), fullPage: true });
}

async function send(mail: nodemailer.SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ from: 'Shop <shop@example.com>', to: address, ...mail });
  } finally {
    transport.close();
  }
}

const nav = (name: string | RegExp) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });

describe('the dashboard in a browser', () => {
  it('signs up', async () => {
    await page.goto(`${base}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Log in to your dashboard');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    expect(await page.getByTestId('plan').textContent()).toBe('free plan');
    // The session cookie is out of reach of scripts.
    expect(await page.evaluate<string>('document.cookie')).toBe('');
    const cookie = (await context.cookies()).find((c) => c.name === 'ephemail_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await shot('overview');
  });

  it('creates a Tools key, copies it, and calls a tool with it over HTTP', async () => {
    await nav('API Keys').first().click();
    await page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor();
    await page.getByLabel('Name').fill('e2e laptop');
    await page.getByRole('button', { name: 'Create Tools key' }).click();
    toolsKey = await page.getByTestId('new-key').inputValue();
    expect(toolsKey).toMatch(/^eph_tools_[0-9A-Za-z]{40}$/);
    await page.getByRole('region', { name: /Your new key/ }).getByRole('button', { name: 'Copy' }).first().click();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(toolsKey);
    const row = page.getByRole('row', { name: /e2e laptop/ });
    expect(await row.textContent()).toContain(toolsKey.slice(0, 18));
    await shot('tools-keys');

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${base}/api/tools/age-calculator?birthDate=1990-05-15&referenceDate=2024-05-16`, { headers: { 'x-api-key': toolsKey } });
      statuses.push(res.status);
      if (i === 0) expect(((await res.json()) as { data: { years: number } }).data.years).toBe(34);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('sees the calls, and the rate-limit hit, in usage charts', async () => {
    await nav('Usage').click();
    await page.getByTestId('total-requests').waitFor();
    expect(await page.getByTestId('total-requests').textContent()).toBe('4');
    expect(await page.getByTestId('total-rate-limited').textContent()).toBe('1');
    const breakdown = page.getByTestId('usage-breakdown').getByRole('row', { name: /age-calculator/ });
    expect((await breakdown.textContent())?.replace(/\s+/g, ' ')).toMatch(/e2e laptop.*GET \/api\/tools\/age-calculator.*4.*1/);
    // Three charts: per key, per endpoint, rate-limit hits.
    expect(await page.locator('canvas[role="img"]').count()).toBe(3);
    expect(await page.getByRole('img', { name: /Requests per day by endpoint: 4 in total/ }).count()).toBe(1);
    await shot('usage');
  });

  it('upgrades and creates a Developer key', async () => {
    await nav('API Keys').nth(1).click();
    await page.getByRole('heading', { name: 'Developer keys need the developer plan' }).waitFor();
    await shot('developer-gate');
    await page.getByRole('button', { name: 'Upgrade to developer' }).click();
    await page.getByRole('button', { name: 'Create Developer key' }).click();
    const devKey = await page.getByTestId('new-key').inputValue();
    expect(devKey).toMatch(/^eph_dev_/);
    expect(await page.getByTestId('plan').textContent()).toBe('developer plan');
    const res = await fetch(`${base}/api/v1/email`, { headers: { authorization: `Bearer ${devKey}` } });
    expect(res.status).toBe(200);
  });

  it('creates an address and watches mail arrive in its inbox', async () => {
    await nav('Addresses').click();
    await page.getByLabel('Name before the @').fill('e2e-inbox');
    await page.getByRole('button', { name: 'Create address' }).click();
    await page.getByRole('heading', { level: 1, name: 'e2e-inbox@ephemail.test' }).waitFor();
    address = 'e2e-inbox@ephemail.test';
    await page.getByText('Waiting for mail').waitFor();

    await send({ subject: 'Your sign-up code', text: 'Your code is 424242.' });
    // No reload: the open inbox picks the message up by itself.
    await page.getByRole('link', { name: /Your sign-up code/ }).waitFor({ timeout: 15_000 });
    await shot('inbox');
    await page.getByRole('link', { name: /Your sign-up code/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Your sign-up code' }).waitFor();
    expect(await page.locator('.mail-text').textContent()).toContain('Your code is 424242.');
  });

  it('shows a hostile HTML mail without running anything in it', async () => {
    await send({
      subject: 'Totally safe newsletter',
      text: 'Plain version',
      html: [
        '<h1>Hello from the e2e test</h1>',
        '<script>window.__pwned = 1; alert("script")</script>',
        '<img src="x" onerror="window.__pwned = 2; alert(\'onerror\')" alt="broken">',
        '<p><a id="evil" href="javascript:window.__pwned = 3; alert(\'link\')">Claim your prize</a></p>',
        '<p><a href="https://example.com/verify">Verify</a></p>',
        '<svg><animate onbegin="window.__pwned = 4" attributeName="x"/></svg>',
      ].join('\n'),
      attachments: [{ filename: 'report.txt', content: 'attached bytes' }],
    });
    await page.getByRole('link', { name: /Totally safe newsletter/ }).click({ timeout: 15_000 });
    await page.getByRole('heading', { level: 2, name: 'Totally safe newsletter' }).waitFor();

    const iframe = page.locator('iframe.mail-frame');
    const sandbox = await iframe.getAttribute('sandbox');
    expect(sandbox).not.toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    const srcdoc = (await iframe.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).toContain('Content-Security-Policy');
    expect(srcdoc).not.toMatch(/<script|onerror|onbegin|javascript:/i);

    const mail = page.frameLocator('iframe.mail-frame');
    await mail.getByRole('heading', { name: 'Hello from the e2e test' }).waitFor();
    expect(await mail.getByRole('link', { name: 'Verify' }).getAttribute('target')).toBe('_blank');
    await mail.getByText('Claim your prize').click();
    await page.waitForTimeout(300);

    const frame = page.frames().find((f) => f.url() === 'about:srcdoc') as Frame;
    expect(frame).toBeDefined();
    expect(await page.evaluate<unknown>('window.__pwned')).toBeUndefined();
    // Playwright can still look inside the sandboxed frame (it would read 1 there if the script had run).
    expect(await frame.evaluate<unknown>('window.__pwned')).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    await shot('message');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /report\.txt/ }).click()]);
    expect(download.suggestedFilename()).toBe('report.txt');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toBe('attached bytes');
  });

  it('extends and deletes the address', async () => {
    await page.getByRole('button', { name: 'Extend' }).click();
    await page.getByText(/Extended: now expires/).waitFor();
    await page.getByRole('button', { name: 'Delete address' }).click();
    await page.getByRole('button', { name: 'Delete with its mail' }).click();
    await page.getByRole('heading', { level: 1, name: 'Addresses' }).waitFor();
    await page.getByText('No addresses yet').waitFor();
  });

  it('works at phone width and from the keyboard', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor();
    const overflow = () => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot('overview-375');

    // The first Tab reaches the skip link; the menu opens from the keyboard.
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Skip to content');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await shot('menu-375');
    await nav('Usage').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('total-requests').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot('usage-375');

    await page.goto(`${base}/developer/addresses`);
    await page.getByLabel('Name before the @').fill('phone-inbox');
    await page.getByRole('button', { name: 'Create address' }).click();
    await page.getByRole('heading', { level: 1, name: 'phone-inbox@ephemail.test' }).waitFor();
    address = 'phone-inbox@ephemail.test';
    await send({ subject: 'Narrow screens', html: '<p>Readable on a phone, with a <a href="https://example.com">link</a>.</p>' });
    await page.getByRole('link', { name: /Narrow screens/ }).click({ timeout: 15_000 });
    await page.frameLocator('iframe.mail-frame').getByText('Readable on a phone').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await shot('message-375');
  });
});
