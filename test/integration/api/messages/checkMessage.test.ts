import http from 'node:http';
import type net from 'node:net';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { signUpBrowser } from '../../../helpers/dashboard.js';
import { GTUBE, SPAMD_ENV } from '../../../helpers/spamd.js';
import { createAccount } from '../../../../src/identity/accounts.js';
import { createKey } from '../../../../src/identity/keys.js';

/**
 * A loopback web server for the link checks: a page, a missing one, a redirect chain, a server that never answers,
 * and one that refuses HEAD (as some do) but serves GET. It records what it was asked.
 */
function linkServer() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    switch (req.url) {
      case '/ok':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
      case '/logo.png':
        return res.writeHead(200, { 'content-type': 'image/png' }).end();
      case '/missing':
        return res.writeHead(404).end('not here');
      case '/r1':
        return res.writeHead(301, { location: '/r2' }).end();
      case '/r2':
        return res.writeHead(302, { location: '/ok' }).end();
      case '/to-metadata':
        // A redirect to the cloud metadata address: refused at that hop (no request is ever made to it).
        return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      case '/no-head':
        return res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
      case '/slow':
        return; // never answers: the check's timeout ends it
      default:
        return res.writeHead(500).end();
    }
  });
  return { server, seen };
}

const FLEX_HTML = `<!doctype html>
<html lang="en"><head><title>Sale</title><style>.cta { color: #fff }</style></head>
<body>
<div style="display:flex"><p>Hello</p></div>
<table role="presentation"><tr><td style="background-image:url(cid:bg)">Big sale</td></tr></table>
<div><span>unclosed</div>
</body></html>`;

describe.each(DIALECTS)('checking a message on %s', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let web: ReturnType<typeof linkServer>;
  let webBase: string;
  const ids: Record<string, string> = {};
  const address = 'checks@ephemail.test';
  const base = (id: string) => `/api/v1/email/${address}/messages/${id}`;

  beforeAll(async () => {
    web = linkServer();
    await new Promise<void>((resolve) => web.server.listen(0, '127.0.0.1', resolve));
    webBase = `http://127.0.0.1:${(web.server.address() as net.AddressInfo).port}`;
    // Loopback targets are allowed the way an operator allows a private network (WEBHOOK_ALLOWED_NETWORKS).
    t = await makeTestApp({ dialect, env: { ...SPAMD_ENV, WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8', LINK_CHECK_TIMEOUT_MS: '700' } });
    auth = { authorization: `Bearer ${t.developerKey}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'checks' } })).statusCode).toBe(201);
    const send = async (key: string, mail: object) => {
      await t.deliver({ from: 'Shop <shop@example.com>', to: address, subject: key, ...mail });
      const list = await t.app.inject({ url: `/api/v1/email/${address}/messages?subject=${key}`, headers: auth });
      ids[key] = list.json().messages[0].id;
    };
    await send('gtube', { text: `Buy now\n${GTUBE}\n` });
    await send('plain', { text: 'Hi Ann,\n\nthe minutes of Tuesday\'s meeting are attached to the wiki page. See you next week.\n\nBob\n' });
    await send('flex', { html: FLEX_HTML, text: 'Hello' });
    await send('links', {
      html: `<p><a href="${webBase}/ok">ok</a> <a href="${webBase}/missing">gone</a> <a href="${webBase}/r1">moved</a>
        <a href="${webBase}/slow">slow</a> <a href="${webBase}/no-head">no head</a> <a href="${webBase}/to-metadata">metadata</a> <img src="${webBase}/logo.png" alt="logo"></p>`,
      text: `See ${webBase}/ok`,
    });
    await send('dark', {
      html: `<html><head><style>body { background: #ffffff; color: #111 } @media (prefers-color-scheme: dark) { body { background: #101418; color: #f0f0f0 } }</style></head>
        <body><h1>Your order</h1><p>Thank you for shopping with us.</p></body></html>`,
    });
  });
  afterAll(async () => {
    await t.close();
    web.server.closeAllConnections();
    await new Promise((resolve) => web.server.close(resolve));
  });

  it('scores a GTUBE message as spam with SpamAssassin, and a plain one as not', async () => {
    const gtube = await t.app.inject({ url: `${base(ids.gtube)}/checks`, headers: auth });
    expect(gtube.statusCode).toBe(200);
    const spam = gtube.json().checks.spam;
    expect(spam).toMatchObject({ is_spam: true, threshold: 5 });
    expect(spam.score).toBeGreaterThanOrEqual(1000);
    expect(spam.rules).toContainEqual({ name: 'GTUBE', score: 1000, description: expect.stringMatching(/Generic Test for Unsolicited Bulk Email/) });
    expect(gtube.json().checks.spam_reason).toBeNull();

    const plain = (await t.app.inject({ url: `${base(ids.plain)}/checks`, headers: auth })).json().checks;
    expect(plain.spam.is_spam).toBe(false);
    expect(plain.spam.score).toBeLessThan(plain.spam.threshold);
    expect(plain.spam.rules.map((r: { name: string }) => r.name)).not.toContain('GTUBE');
    // No HTML body: nothing to check for client support or validity.
    expect(plain).toMatchObject({ html_compatibility: null, html_validation: null, html_reason: 'The message has no HTML body.', links: null, links_reason: expect.stringMatching(/links=true/) });
  });

  it('keeps the spam score with the message and runs it again on refresh', async () => {
    const first = (await t.app.inject({ url: `${base(ids.plain)}/checks`, headers: auth })).json().checks.spam;
    const again = (await t.app.inject({ url: `${base(ids.plain)}/checks`, headers: auth })).json().checks.spam;
    expect(again.checked_at).toBe(first.checked_at);
    await new Promise((r) => setTimeout(r, 5));
    const refreshed = (await t.app.inject({ url: `${base(ids.plain)}/checks?refresh=true`, headers: auth })).json().checks.spam;
    expect(refreshed.checked_at > first.checked_at).toBe(true);
  });

  it('reports the clients that do not support flex, a <style> element and background images, with their lines', async () => {
    const res = await t.app.inject({ url: `${base(ids.flex)}/checks`, headers: auth });
    expect(res.statusCode).toBe(200);
    const compat = res.json().checks.html_compatibility;
    expect(compat.data_updated).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const feature = (title: string) => compat.features.find((f: { title: string }) => f.title === title);
    expect(feature('display:flex')).toMatchObject({ lines: [4], unsupported: expect.arrayContaining(['outlook.windows']) });
    expect(feature('<style> element')).toMatchObject({ lines: [2] });
    expect([...feature('<style> element').unsupported, ...feature('<style> element').partial].length).toBeGreaterThan(0);
    expect(feature('background-image')).toMatchObject({ lines: [5] });
    expect(compat.clients).toHaveLength(32);
    expect(compat.clients.find((c: { client: string }) => c.client === 'outlook.windows').unsupported).toBeGreaterThan(0);
    expect(compat.support_percent).toBeGreaterThanOrEqual(0);
    expect(compat.support_percent).toBeLessThan(100);

    // Narrowed to two families: only their clients, in the table and in each feature.
    const narrowed = (await t.app.inject({ url: `${base(ids.flex)}/checks?client=gmail&client=outlook`, headers: auth })).json().checks.html_compatibility;
    expect(new Set(narrowed.clients.map((c: { family: string }) => c.family))).toEqual(new Set(['gmail', 'outlook']));
    for (const f of narrowed.features) for (const c of [...f.unsupported, ...f.partial]) expect(c).toMatch(/^(gmail|outlook)\./);
    expect((await t.app.inject({ url: `${base(ids.flex)}/checks?client=netscape`, headers: auth })).statusCode).toBe(400);
    // caniemail's notes are about particular clients: a view narrowed to Outlook carries none of Gmail's.
    const styleNotes = async (family: string) =>
      (await t.app.inject({ url: `${base(ids.flex)}/checks?client=${family}`, headers: auth })).json().checks.html_compatibility.features.find((f: { title: string }) => f.title === '<style> element')?.notes ?? [];
    expect((await styleNotes('gmail')).join(' ')).toMatch(/Google account/);
    expect((await styleNotes('outlook')).join(' ')).not.toMatch(/Google account/);
  });

  it('reports html-validate findings with their lines', async () => {
    const validation = (await t.app.inject({ url: `${base(ids.flex)}/checks`, headers: auth })).json().checks.html_validation;
    expect(validation.rule_set).toMatch(/^ephemail-email \(html-validate \d+\.\d+\.\d+\)$/);
    expect(validation.findings).toContainEqual(expect.objectContaining({ rule: 'close-order', line: 6, severity: 'error' }));
    // The email rule set: inline styles and presentational markup are not findings.
    expect(validation.findings.map((f: { rule: string }) => f.rule)).not.toContain('no-inline-style');
    expect(validation.errors).toBe(validation.findings.filter((f: { severity: string }) => f.severity === 'error').length);
  });

  it('checks links only when asked: a 404, a redirect chain, a timeout, HEAD refused, an image', async () => {
    const unasked = (await t.app.inject({ url: `${base(ids.links)}/checks`, headers: auth })).json().checks;
    expect(unasked.links).toBeNull();
    expect(web.seen).toEqual([]);

    const res = await t.app.inject({ url: `${base(ids.links)}/checks?links=true`, headers: auth });
    expect(res.statusCode).toBe(200);
    const { links, links_reason } = res.json().checks;
    expect(links_reason).toBeNull();
    const byPath = (p: string) => links.results.find((l: { url: string }) => l.url === `${webBase}${p}`);
    expect(links.results).toHaveLength(7);
    expect(byPath('/to-metadata')).toMatchObject({
      status: null,
      ok: false,
      redirects: ['http://169.254.169.254/latest/meta-data/'],
      error: expect.stringMatching(/^Refused: 169\.254\.169\.254 is a cloud metadata address/),
    });
    expect(byPath('/ok')).toEqual({ url: `${webBase}/ok`, kind: 'link', status: 200, ok: true, redirects: [], error: null });
    expect(byPath('/missing')).toMatchObject({ status: 404, ok: false, error: null });
    expect(byPath('/r1')).toMatchObject({ status: 200, ok: true, redirects: [`${webBase}/r2`, `${webBase}/ok`] });
    expect(byPath('/slow')).toMatchObject({ status: null, ok: false, error: 'No answer within 700 ms' });
    expect(byPath('/no-head')).toMatchObject({ status: 200, ok: true });
    expect(byPath('/logo.png')).toMatchObject({ kind: 'image', status: 200, ok: true });
    expect(web.seen).toContain('HEAD /missing');
    expect(web.seen).toContain('GET /no-head');

    // Stored: answered again without fetching, until refresh.
    const before = web.seen.length;
    const stored = (await t.app.inject({ url: `${base(ids.links)}/checks`, headers: auth })).json().checks.links;
    expect(stored.checked_at).toBe(links.checked_at);
    expect(web.seen.length).toBe(before);
    const refreshed = (await t.app.inject({ url: `${base(ids.links)}/checks?links=true&refresh=true`, headers: auth })).json().checks.links;
    expect(web.seen.length).toBeGreaterThan(before);
    expect(refreshed.checked_at >= links.checked_at).toBe(true);
  });

  it('renders previews at the asked width, with pixels, dark unlike light, and stores them', async () => {
    const shot = async (query: string) => {
      const res = await t.app.inject({ url: `${base(ids.dark)}/preview.png?${query}`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      return { bytes: res.rawPayload, png: PNG.sync.read(res.rawPayload) };
    };
    const phone = await shot('width=375');
    expect(phone.png.width).toBe(375);
    expect(phone.png.height).toBeGreaterThan(20);
    const distinct = new Set<number>();
    for (let i = 0; i < phone.png.data.length; i += 4) distinct.add(phone.png.data.readUInt32BE(i));
    expect(distinct.size).toBeGreaterThan(2); // text drawn on the background, not a blank page

    const light = await shot('width=1280&dark=false');
    const dark = await shot('width=1280&dark=true');
    expect(light.png.width).toBe(1280);
    expect(dark.png.width).toBe(1280);
    // The top-left pixel is the page background: white in light mode, the message's dark background in dark mode.
    expect([...light.png.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect([...dark.png.data.subarray(0, 3)]).toEqual([0x10, 0x14, 0x18]);

    expect((await shot('width=375')).bytes.equals(phone.bytes)).toBe(true);
    expect((await t.app.inject({ url: `${base(ids.dark)}/preview.png?width=500`, headers: auth })).statusCode).toBe(400);
  });

  it('renders a text-only message too, light on dark in dark mode', async () => {
    const res = await t.app.inject({ url: `${base(ids.plain)}/preview.png?width=768`, headers: auth });
    expect(res.statusCode).toBe(200);
    const light = PNG.sync.read(res.rawPayload);
    expect(light.width).toBe(768);
    const dark = PNG.sync.read((await t.app.inject({ url: `${base(ids.plain)}/preview.png?width=768&dark=true`, headers: auth })).rawPayload);
    expect(dark.height).toBe(light.height);
    expect([...light.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect(Math.max(...dark.data.subarray(0, 3))).toBeLessThan(64);
  });

  it('answers the same checks through the dashboard, and hides messages of other accounts', async () => {
    const viaKey = (await t.app.inject({ url: `${base(ids.flex)}/checks`, headers: auth })).json();
    const browser = await signUpBrowser(t.app);
    // A new account is on the free plan: the dashboard twin needs the developer plan, as getDashboardMessage does.
    expect((await browser.call('GET', `/api/dashboard/addresses/${address}/messages/${ids.flex}/checks`)).statusCode).toBe(403);
    await browser.call('PUT', '/api/dashboard/account/plan', { plan: 'developer' });
    expect((await browser.call('GET', `/api/dashboard/addresses/${address}/messages/${ids.flex}/checks`)).statusCode).toBe(404);
    expect((await browser.call('GET', `/api/dashboard/addresses/${address}/messages/${ids.flex}/preview.png`)).statusCode).toBe(404);

    const stranger = await createAccount(t.context.database.db, `stranger-checks-${dialect}@example.com`, 'developer');
    const strangerAuth = { authorization: `Bearer ${(await createKey(t.context.database.db, stranger, 'developer')).key}` };
    for (const url of [`${base(ids.flex)}/checks`, `${base(ids.flex)}/preview.png`]) {
      const res = await t.app.inject({ url, headers: strangerAuth });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('address_not_found');
    }
    expect((await t.app.inject({ url: `${base('msg_nope')}/checks`, headers: auth })).json().error).toBe('message_not_found');
    expect(viaKey.success).toBe(true);
  });
});

describe('checking a message without the optional engines', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let id: string;
  let target: http.Server;
  let targetUrl: string;

  beforeAll(async () => {
    target = http.createServer((_req, res) => res.writeHead(200).end());
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as net.AddressInfo).port}/welcome`;
    // No spamd configured, no browser, and the default target policy (loopback refused).
    t = await makeTestApp({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    auth = { authorization: `Bearer ${t.developerKey}` };
    await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'bare' } });
    await t.deliver({ to: 'bare@ephemail.test', subject: 'hi', html: `<p><a href="${targetUrl}">welcome</a> <a href="http://169.254.169.254/latest/meta-data/">meta</a></p>` });
    id = (await t.app.inject({ url: '/api/v1/email/bare@ephemail.test/messages', headers: auth })).json().messages[0].id;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => target.close(resolve));
  });

  it('answers spam null with the reason, never an error', async () => {
    const res = await t.app.inject({ url: `/api/v1/email/bare@ephemail.test/messages/${id}/checks`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toMatchObject({ spam: null, spam_reason: expect.stringMatching(/SPAMD_HOST/) });
  });

  it('refuses loopback and metadata link targets, per link, without the allow flag', async () => {
    let hits = 0;
    target.on('request', () => hits++);
    const res = await t.app.inject({ url: `/api/v1/email/bare@ephemail.test/messages/${id}/checks?links=true`, headers: auth });
    const results = res.json().checks.links.results;
    expect(results).toEqual([
      { url: targetUrl, kind: 'link', status: null, ok: false, redirects: [], error: expect.stringMatching(/^Refused: 127\.0\.0\.1 is a loopback address; .*LINK_CHECK_ALLOW_PRIVATE/) },
      { url: 'http://169.254.169.254/latest/meta-data/', kind: 'link', status: null, ok: false, redirects: [], error: expect.stringMatching(/cloud metadata/) },
    ]);
    expect(hits).toBe(0);
  });

  it('leaves an HTML body over 256 KiB unchecked, saying why, and still scores the rest', async () => {
    await t.deliver({ to: 'bare@ephemail.test', subject: 'huge', html: `<p>${'Lorem ipsum dolor sit amet. '.repeat(10_000)}</p>` });
    const huge = (await t.app.inject({ url: '/api/v1/email/bare@ephemail.test/messages?subject=huge', headers: auth })).json().messages[0].id;
    const res = await t.app.inject({ url: `/api/v1/email/bare@ephemail.test/messages/${huge}/checks`, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toMatchObject({ html_compatibility: null, html_validation: null, html_reason: expect.stringMatching(/^The HTML body is 27\d KiB; the HTML checks take bodies up to 256 KiB/) });
  });

  it('checks a large newsletter off the event loop: other requests are answered meanwhile', async () => {
    const item = (i: number) =>
      `<table role="presentation" width="100%"><tr><td style="padding:12px;background-image:url(https://example.com/bg${i}.png)"><h2 style="display:flex">Item ${i}</h2><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. <a href="https://example.com/item/${i}">More</a></p><img src="https://example.com/i${i}.png"></td></tr></table>\n`;
    const items = Array.from({ length: 500 }, (_, i) => item(i)).join('');
    expect(Buffer.byteLength(items)).toBeGreaterThan(150 * 1024);
    await t.deliver({ to: 'bare@ephemail.test', subject: 'newsletter', html: `<!doctype html><html lang="en"><head><title>News</title></head><body>\n${items}</body></html>` });
    const newsletter = (await t.app.inject({ url: '/api/v1/email/bare@ephemail.test/messages?subject=newsletter', headers: auth })).json().messages[0].id;

    let done = false;
    const started = Date.now();
    const checking = t.app.inject({ url: `/api/v1/email/bare@ephemail.test/messages/${newsletter}/checks`, headers: auth }).finally(() => (done = true));
    // While the HTML is checked (a few ms per KiB: a second or more here), the same process keeps answering. On the
    // event loop the check held every request up until it ended: a dozen answers at most (while it loaded its
    // libraries), then one gap nearly as long as the check itself. A busy machine's collector may pause the event
    // loop for a while on its own, so only a gap of half the check counts against it.
    const answeredAt: number[] = [];
    while (!done) {
      expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
      if (!done) answeredAt.push(Date.now());
      await new Promise((r) => setTimeout(r, 5));
    }
    const took = Date.now() - started;
    const longestGap = Math.max(...[started, ...answeredAt].map((at, i, all) => (all[i + 1] ?? Date.now()) - at));
    expect(answeredAt.length).toBeGreaterThanOrEqual(40);
    expect(longestGap).toBeLessThan(took / 2);

    const res = await checking;
    expect(res.statusCode).toBe(200);
    const { html_compatibility: compat, html_validation: validation } = res.json().checks;
    // Every item's flex heading, one line each (the document's lines 2 to 501).
    expect(compat.features.find((f: { title: string }) => f.title === 'display:flex').lines).toHaveLength(500);
    // Each image lacks its alt text: html-validate's finding, with its line.
    const missingAlt = validation.findings.filter((f: { rule: string }) => f.rule === 'wcag/h37');
    expect(missingAlt).toHaveLength(500);
    expect(missingAlt[0]).toMatchObject({ line: 2, severity: 'error' });
  });

  it('answers 503 preview_unavailable when there is no browser', async () => {
    const res = await t.app.inject({ url: `/api/v1/email/bare@ephemail.test/messages/${id}/preview.png`, headers: auth });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, error: 'preview_unavailable', message: expect.stringMatching(/CHROMIUM_PATH/) });
  });

  it('says why when spamd does not answer', async () => {
    const closed = await makeTestApp({ env: { SPAMD_HOST: '127.0.0.1', SPAMD_PORT: '9', SPAMD_TIMEOUT_MS: '1000' } });
    try {
      const key = { authorization: `Bearer ${closed.developerKey}` };
      await closed.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: key, payload: { prefix: 'x' } });
      await closed.deliver({ to: 'x@ephemail.test', subject: 'hi', text: 'hello' });
      const mid = (await closed.app.inject({ url: '/api/v1/email/x@ephemail.test/messages', headers: key })).json().messages[0].id;
      const res = await closed.app.inject({ url: `/api/v1/email/x@ephemail.test/messages/${mid}/checks`, headers: key });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toMatchObject({ spam: null, spam_reason: expect.stringMatching(/unreachable/) });
    } finally {
      await closed.close();
    }
  });
});
