import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../helpers/app.js';

/** Through real SMTP and the API: the code and the link a sign-up test reads out of an email. */
describe('codes and links on every message', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await makeTestApp();
    auth = { authorization: `Bearer ${t.developerKey}` };
    await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth, payload: { prefix: 'signup' } });
  });
  afterAll(() => t.close());

  it('reads them from a multipart mail with quoted-printable HTML and a tracking redirect, in getMessage, the list and wait', async () => {
    const { id } = await t.deliver({
      from: 'Shop <no-reply@shop.example>',
      to: 'signup@ephemail.test',
      subject: 'Bestätige deine E-Mail-Adresse',
      text: 'Dein Bestätigungscode lautet 604217.\nOder öffne https://click.shop.example/r/abc?u=https%3A%2F%2Fshop.example%2Fverify.\nBestellung vom 21.11.2026, Betrag 19,99 €.',
      html: '<p>Dein Best&auml;tigungscode: <b>604217</b></p><p><a href="https://click.shop.example/r/abc?u=https%3A%2F%2Fshop.example%2Fverify">E-Mail best&auml;tigen</a> &middot; <a href="mailto:help@shop.example">Hilfe</a></p>',
      textEncoding: 'quoted-printable',
    });
    const message = (await t.app.inject({ url: `/api/v1/email/signup@ephemail.test/messages/${id}`, headers: auth })).json();
    expect(message.codes).toEqual(['604217']);
    expect(message.links).toEqual([{ url: 'https://click.shop.example/r/abc?u=https%3A%2F%2Fshop.example%2Fverify', text: 'E-Mail bestätigen' }]);
    const listed = (await t.app.inject({ url: '/api/v1/email/signup@ephemail.test/messages', headers: auth })).json();
    expect(listed.messages[0]).toMatchObject({ id, codes: ['604217'], links: [{ text: 'E-Mail bestätigen' }] });
    const waited = (await t.app.inject({ url: '/api/v1/email/signup@ephemail.test/messages/wait?timeout=0', headers: auth })).json();
    expect(waited.messages[0].codes).toEqual(['604217']);
  });
});
