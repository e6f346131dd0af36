import { describe, expect, it } from 'vitest';
import type { AddressRow } from '../../../src/db/addresses.js';
import { RecipientCache } from '../../../src/mail/recipient-cache.js';

const NOW = new Date('2026-11-28T12:00:00.000Z');

function row(address: string, expiresAt = '2026-11-28T13:00:00.000Z', faults: string | null = null): AddressRow {
  return {
    id: `adr_${address.split('@')[0]}`,
    account_id: 'acc_1',
    address,
    local_part: address.split('@')[0],
    domain: 'ephemail.test',
    created_at: '2026-11-28T11:00:00.000Z',
    expires_at: expiresAt,
    faults_updated_at: faults,
  };
}

/** A store of rows that counts its reads; `gate` holds the next read until released. */
function store(rows: Map<string, AddressRow>) {
  const reads: string[] = [];
  let gate: Promise<void> | undefined;
  return {
    reads,
    hold() {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => release();
    },
    read: async (address: string) => {
      reads.push(address);
      if (gate) await gate;
      return rows.get(address);
    },
  };
}

describe('the RCPT TO look-up cache', () => {
  it('answers an address read before without asking the store again', async () => {
    const s = store(new Map([['a@ephemail.test', row('a@ephemail.test')]]));
    const cache = new RecipientCache(s.read);
    expect((await cache.find('a@ephemail.test', NOW))?.id).toBe('adr_a');
    expect((await cache.find('a@ephemail.test', NOW))?.id).toBe('adr_a');
    expect(s.reads).toEqual(['a@ephemail.test']);
  });

  it('keeps no answer for an address that is not there, so one created a moment later is found', async () => {
    const rows = new Map<string, AddressRow>();
    const s = store(rows);
    const cache = new RecipientCache(s.read);
    expect(await cache.find('new@ephemail.test', NOW)).toBeUndefined();
    rows.set('new@ephemail.test', row('new@ephemail.test'));
    expect((await cache.find('new@ephemail.test', NOW))?.id).toBe('adr_new');
    expect(s.reads).toHaveLength(2);
  });

  it('reads again an address whose kept row has expired: it may have been extended since', async () => {
    const rows = new Map([['x@ephemail.test', row('x@ephemail.test', '2026-11-28T12:00:05.000Z')]]);
    const s = store(rows);
    const cache = new RecipientCache(s.read);
    await cache.find('x@ephemail.test', NOW);
    rows.set('x@ephemail.test', row('x@ephemail.test', '2026-11-28T14:00:00.000Z'));
    const later = new Date(NOW.getTime() + 10_000);
    expect((await cache.find('x@ephemail.test', later))?.expires_at).toBe('2026-11-28T14:00:00.000Z');
    expect(s.reads).toHaveLength(2);
  });

  it('reads the store again once the address is forgotten (deleted, or its fault profile replaced)', async () => {
    const rows = new Map([['f@ephemail.test', row('f@ephemail.test')]]);
    const s = store(rows);
    const cache = new RecipientCache(s.read);
    expect((await cache.find('f@ephemail.test', NOW))?.faults_updated_at).toBeNull();
    rows.set('f@ephemail.test', row('f@ephemail.test', undefined, NOW.toISOString()));
    cache.forget('f@ephemail.test');
    expect((await cache.find('f@ephemail.test', NOW))?.faults_updated_at).toBe(NOW.toISOString());
    rows.delete('f@ephemail.test');
    cache.forget('f@ephemail.test');
    expect(await cache.find('f@ephemail.test', NOW)).toBeUndefined();
    expect(s.reads).toHaveLength(3);
  });

  it('keeps nothing from a read that was under way when an address was forgotten: it may hold the old row', async () => {
    const rows = new Map([['r@ephemail.test', row('r@ephemail.test')]]);
    const s = store(rows);
    const cache = new RecipientCache(s.read);
    const release = s.hold();
    const inFlight = cache.find('r@ephemail.test', NOW);
    // The change commits while the read is under way; the read answers the row as it was.
    cache.forget('r@ephemail.test');
    release();
    expect((await inFlight)?.id).toBe('adr_r');
    rows.delete('r@ephemail.test');
    expect(await cache.find('r@ephemail.test', NOW)).toBeUndefined();
  });

  it('keeps a row for its time to live at most', async () => {
    const s = store(new Map([['t@ephemail.test', row('t@ephemail.test')]]));
    const cache = new RecipientCache(s.read, 20);
    await cache.find('t@ephemail.test', NOW);
    await new Promise((r) => setTimeout(r, 40));
    await cache.find('t@ephemail.test', NOW);
    expect(s.reads).toHaveLength(2);
  });
});
