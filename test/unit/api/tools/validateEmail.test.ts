import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../helpers/app.js';
import type { DnsResolver } from '../../../../src/platform/dns.js';

/** A resolver standing in for DNS: example.com has MX records, nothing else resolves. */
const resolver: DnsResolver = {
  async resolveMx(domain) {
    if (domain === 'example.com') return [{ exchange: 'mx2.example.com', priority: 20 }, { exchange: 'mx1.example.com', priority: 10 }];
    throw Object.assign(new Error('queryMx ENOTFOUND'), { code: 'ENOTFOUND' });
  },
  async resolveAddress() {
    return false;
  },
  async resolveTxt() {
    return [];
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ context: { dns: resolver } });
});
afterAll(() => t.close());

const get = (query: string) => t.app.inject({ url: `/api/tools/email-validator?${query}`, headers: { 'x-api-key': t.toolsKey } });
const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/tools/email-validator', headers: { 'x-api-key': t.toolsKey }, payload });

describe('validateEmail: validate', () => {
  it('validates by default and reports details', async () => {
    const res = await get('email=John.Doe%2Btag%40Example.COM');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: {
        isValid: true,
        errors: [],
        details: { localPart: 'John.Doe+tag', domain: 'example.com', domainParts: ['example', 'com'], tld: 'com', length: 24 },
      },
    });
  });

  it('explains why an address is invalid', async () => {
    const res = await get('email=john..doe%40example.com');
    expect(res.json().data.isValid).toBe(false);
    expect(res.json().data.errors.map((e: { code: string }) => e.code)).toContain('local_part_consecutive_dots');
  });

  it('accepts IDN domains and counts characters', async () => {
    const res = await post({ email: 'user@bücher.de' });
    expect(res.json().data).toMatchObject({ isValid: true, details: { domain: 'bücher.de', length: 14 } });
  });

  it('requires email for validate', async () => {
    const res = await get('action=validate');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('email is required when action is validate');
  });
});

describe('validateEmailFromJson: extract', () => {
  it('finds unique addresses in order of first appearance', async () => {
    const res = await post({ action: 'extract', text: 'Ann <ann@example.com>, bob@example.org. Again: ann@example.com; bad@@x.com' });
    expect(res.json()).toEqual({ success: true, data: { emails: ['ann@example.com', 'bob@example.org'], count: 2 } });
  });

  it('requires text for extract', async () => {
    const res = await post({ action: 'extract', email: 'a@b.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('text is required when action is extract');
  });

  it('refuses an unknown action', async () => {
    const res = await post({ action: 'guess', email: 'a@b.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/action must be one of: validate, extract, verify/);
  });
});

describe('validateEmail: verify', () => {
  it('answers deliverable with MX records sorted by priority', async () => {
    const res = await get('action=verify&email=someone%40example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'someone@example.com',
      result: 'deliverable',
      checks: { syntax: true, mx: true, disposable: false, role: false, smtp: null },
      mxRecords: [{ exchange: 'mx1.example.com', priority: 10 }, { exchange: 'mx2.example.com', priority: 20 }],
      didYouMean: null,
    });
  });

  it('answers undeliverable for a domain that does not exist', async () => {
    const res = await get('action=verify&email=someone%40nowhere.invalid');
    expect(res.json().data).toMatchObject({ result: 'undeliverable', checks: { syntax: true, mx: false } });
  });

  it('answers undeliverable for bad syntax without DNS', async () => {
    const res = await get('action=verify&email=nope');
    expect(res.json().data).toMatchObject({ result: 'undeliverable', reason: 'invalid_syntax', checks: { syntax: false } });
  });

  it('suggests a fix for a provider typo', async () => {
    const res = await get('action=verify&email=john%40gmial.com');
    expect(res.json().data.didYouMean).toBe('john@gmail.com');
  });

  it('flags disposable and role addresses', async () => {
    const res = await post({ action: 'verify', email: 'admin@mailinator.com' });
    expect(res.json().data.checks).toMatchObject({ disposable: true, role: true });
  });
});

describe('validateEmail: verify knows our own addresses', () => {
  it('answers from the store, without DNS: live → deliverable, deleted or unknown → undeliverable', async () => {
    const dev = { authorization: `Bearer ${t.developerKey}` };
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: dev, payload: { prefix: 'verify-me' } });
    expect(created.statusCode).toBe(201);
    // The test resolver throws for every domain but example.com, so a DNS lookup would turn these into undeliverable/no-MX answers.
    const live = await post({ action: 'verify', email: 'verify-me@ephemail.test' });
    expect(live.json().data).toMatchObject({ result: 'deliverable', reason: 'mailbox_exists', checks: { syntax: true, mx: true } });

    const unknown = await post({ action: 'verify', email: 'nobody-here@ephemail.test' });
    expect(unknown.json().data).toMatchObject({ result: 'undeliverable', reason: 'mailbox_not_found' });

    await t.app.inject({ method: 'DELETE', url: '/api/v1/email/verify-me@ephemail.test', headers: dev });
    const gone = await post({ action: 'verify', email: 'verify-me@ephemail.test' });
    expect(gone.json().data).toMatchObject({ result: 'undeliverable', reason: 'mailbox_not_found' });
  });
});
