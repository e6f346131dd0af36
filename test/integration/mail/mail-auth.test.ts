import dgram from 'node:dgram';
import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { startTestDns, type TestDns } from '../../helpers/dns.js';
import { authenticationResultsHeader } from '../../../src/mail/ingest/mail-auth.js';

/** A DKIM key pair: the PEM private key to sign with and the TXT record that publishes the public key. */
function dkimKey(): { privateKey: string; record: string[] } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const txt = `v=DKIM1; k=rsa; p=${p}`;
  // A TXT record's character strings are at most 255 bytes each.
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), record: txt.match(/.{1,255}/g)! };
}

describe('SPF, DKIM and DMARC verdicts on arriving mail', () => {
  let dns: TestDns;
  let t: TestApp;
  let auth: { authorization: string };
  const key = dkimKey();
  const otherKey = dkimKey();

  beforeAll(async () => {
    dns = await startTestDns();
    // good.test: the loopback client is its permitted sender, and it signs with a published key.
    dns.zone.txt.set('good.test', [['v=spf1 ip4:127.0.0.1 -all']]);
    dns.zone.txt.set('s1._domainkey.good.test', [key.record]);
    dns.zone.txt.set('_dmarc.good.test', [['v=DMARC1; p=reject']]);
    // bad.test: nobody may send for it, and the key it publishes is not the one the mail is signed with.
    dns.zone.txt.set('bad.test', [['v=spf1 -all']]);
    dns.zone.txt.set('s1._domainkey.bad.test', [otherKey.record]);
    dns.zone.txt.set('_dmarc.bad.test', [['v=DMARC1; p=quarantine']]);
    // plain.test publishes nothing at all (NXDOMAIN for every name).
    t = await makeTestApp({ env: { DNS_SERVERS: dns.server, SMTP_HOSTNAME: 'mx.ephemail.test' } });
    auth = { authorization: `Bearer ${t.developerKey}` };
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  async function receive(domain: string, sign?: { privateKey: string }): Promise<Record<string, unknown>> {
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth });
    const address = created.json().email as string;
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: await t.smtpPort(),
      secure: false,
      ignoreTLS: true,
      name: `mail.${domain}`,
      ...(sign ? { dkim: { domainName: domain, keySelector: 's1', privateKey: sign.privateKey } } : {}),
    });
    const info = await transport.sendMail({ from: `News <news@${domain}>`, to: address, subject: `from ${domain}`, text: 'Hello.\n' });
    transport.close();
    const id = /queued (msg_[0-9a-f]+)/.exec(info.response)![1];
    await t.drained();
    const message = await t.app.inject({ method: 'GET', url: `/api/v1/email/${address}/messages/${id}`, headers: auth });
    expect(message.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/email/${address}/messages`, headers: auth });
    // Lists (and so wait, SSE and webhooks, which carry the same summary) have the verdicts too.
    expect(list.json().messages[0].authentication).toEqual(message.json().authentication);
    return message.json().authentication as Record<string, unknown>;
  }

  it('passes SPF, DKIM and DMARC for a permitted sender signing with its published key', async () => {
    const a = await receive('good.test', key);
    expect(a).toEqual({
      spf: { result: 'pass', domain: 'good.test' },
      dkim: { result: 'pass', domain: 'good.test', selector: 's1' },
      dmarc: { result: 'pass', domain: 'good.test', policy: 'reject' },
      header: 'Authentication-Results: mx.ephemail.test; spf=pass smtp.mailfrom=good.test; dkim=pass header.d=good.test header.s=s1; dmarc=pass header.from=good.test',
    });
  });

  it('fails SPF, DKIM and DMARC for a sender the domain refuses, signing with a key it did not publish', async () => {
    const a = await receive('bad.test', key);
    expect(a).toMatchObject({
      spf: { result: 'fail', domain: 'bad.test' },
      dkim: { result: 'fail', domain: 'bad.test', selector: 's1' },
      dmarc: { result: 'fail', domain: 'bad.test', policy: 'quarantine' },
    });
  });

  it('answers none when the domain publishes nothing and the mail is not signed', async () => {
    const a = await receive('plain.test');
    expect(a).toMatchObject({
      spf: { result: 'none', domain: 'plain.test' },
      dkim: { result: 'none', domain: null, selector: null },
      dmarc: { result: 'none' },
    });
  });

  it('reads a sender\'s fixed SPF record once the old one\'s TTL has run out', async () => {
    // fixing.test publishes an SPF record that leaves the loopback client out, with a TTL of one second.
    dns.zone.txt.set('fixing.test', [['v=spf1 ip4:192.0.2.1 -all']]);
    dns.zone.ttl.set('fixing.test', 1);
    expect(await receive('fixing.test')).toMatchObject({ spf: { result: 'fail', domain: 'fixing.test' } });
    // Its owner adds the client; after the TTL, the next message is checked against the new record.
    dns.zone.txt.set('fixing.test', [['v=spf1 ip4:127.0.0.1 -all']]);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await receive('fixing.test')).toMatchObject({ spf: { result: 'pass', domain: 'fixing.test' } });
  });

  it('builds the header from the verdicts alone, so a client can rebuild it', async () => {
    const a = (await receive('good.test', key)) as Parameters<typeof authenticationResultsHeader>[1] & { header: string };
    expect(authenticationResultsHeader('mx.ephemail.test', a)).toBe(a.header);
  });
});

describe('the SPF/DKIM/DMARC budget', () => {
  it('answers temperror for every check when DNS does not answer within MAIL_AUTH_TIMEOUT_MS, and still stores the mail', async () => {
    // A DNS server that reads every question and never answers.
    const silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    const t = await makeTestApp({ env: { DNS_SERVERS: `127.0.0.1:${silent.address().port}`, MAIL_AUTH_TIMEOUT_MS: '300' } });
    try {
      const auth = { authorization: `Bearer ${t.developerKey}` };
      const address = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth })).json().email as string;
      const sent = await t.deliver({ from: 'a@slow.test', to: address, subject: 'slow dns', text: 'x' });
      const message = await t.app.inject({ method: 'GET', url: `/api/v1/email/${address}/messages/${sent.id}`, headers: auth });
      expect(message.json().authentication).toMatchObject({
        spf: { result: 'temperror' },
        dkim: { result: 'temperror' },
        dmarc: { result: 'temperror' },
      });
    } finally {
      await t.close();
      silent.close();
    }
  });

  it('MAIL_AUTH=false skips the checks: authentication is null', async () => {
    const t = await makeTestApp({ env: { MAIL_AUTH: 'false' } });
    try {
      const auth = { authorization: `Bearer ${t.developerKey}` };
      const address = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth })).json().email as string;
      const sent = await t.deliver({ to: address, subject: 'unchecked', text: 'x' });
      const message = await t.app.inject({ method: 'GET', url: `/api/v1/email/${address}/messages/${sent.id}`, headers: auth });
      expect(message.json().authentication).toBeNull();
    } finally {
      await t.close();
    }
  });
});
