import { describe, expect, it } from 'vitest';
import { addressMatcher, ALL_SCOPES, likePatterns, rightsOf } from '../../../src/identity/key-rights.js';

describe('key rights', () => {
  const now = new Date('2026-11-24T12:00:00.000Z');

  it('matches whole addresses by glob, case-insensitively, with regex characters taken literally', () => {
    const allowed = addressMatcher(['ci-*@ephemail.local', 'qa?@x.test']);
    expect(allowed('CI-42@Ephemail.Local')).toBe(true);
    expect(allowed('ci-@ephemail.local')).toBe(true);
    expect(allowed('xci-1@ephemail.local')).toBe(false);
    expect(allowed('ci-1@ephemail.localhost')).toBe(false);
    expect(allowed('qa1@x.test')).toBe(true);
    expect(allowed('qa12@x.test')).toBe(false);
    expect(allowed('qa1@xxtest')).toBe(false);
    expect(likePatterns(['ci_*@a%b.test'])).toEqual(['ci\\_%@a\\%b.test']);
  });

  it('defaults to every scope and no expiry; expires_in counts from now; keeps the spec’s order', () => {
    expect(rightsOf({}, null, now)).toEqual({ scopes: null, expiresAt: null, restrict: null });
    expect(rightsOf({ expires_in: 60, scopes: ['keys:write', 'messages:read'] }, null, now)).toEqual({
      scopes: ['messages:read', 'keys:write'],
      expiresAt: '2026-11-24T12:01:00.000Z',
      restrict: null,
    });
  });

  it('refuses contradictions and past expiries with 400, more than the creator with 403', () => {
    expect(() => rightsOf({ expires_in: 60, expires_at: '2027-01-01T00:00:00Z' }, null, now)).toThrow(/not both/);
    expect(() => rightsOf({ expires_at: '2026-11-24T11:00:00Z' }, null, now)).toThrow(/future/);
    const limit = { scopes: ['messages:read' as const], expiresAt: '2026-11-24T13:00:00.000Z', restrict: null };
    expect(() => rightsOf({ scopes: ['messages:write'] }, limit, now)).toThrow(expect.objectContaining({ code: 'insufficient_scope' }));
    expect(() => rightsOf({ expires_in: 7200 }, limit, now)).toThrow(expect.objectContaining({ code: 'insufficient_scope' }));
    expect(rightsOf({}, limit, now)).toEqual({ scopes: ['messages:read'], expiresAt: '2026-11-24T13:00:00.000Z', restrict: null });
  });

  it('gives a restricted key only scopes that stay within its addresses', () => {
    const restricted = rightsOf({ restrict: { addresses: ['CI-*@x.test'] } }, null, now);
    expect(restricted.restrict).toEqual({ addresses: ['ci-*@x.test'] });
    expect(restricted.scopes).toEqual(ALL_SCOPES.filter((s) => !/^(domains|webhooks|sandboxes|keys):/.test(s)));
    expect(() => rightsOf({ scopes: ['domains:read'], restrict: { addresses: ['a@x.test'] } }, null, now)).toThrow(/domains:read/);
  });
});
