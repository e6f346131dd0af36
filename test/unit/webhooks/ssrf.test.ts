import { describe, expect, it } from 'vitest';
import { checkTarget, ipBytes, pinnedLookup, refusalReason, type HostResolver, type ResolvedAddress } from '../../../src/webhooks/ssrf.js';

const closed = { allowPrivate: false, allowedNetworks: [] };

describe('webhook target rule', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.1.2.3', 'a private address (RFC 1918)'],
    ['172.16.0.1', 'a private address (RFC 1918)'],
    ['172.31.255.255', 'a private address (RFC 1918)'],
    ['192.168.0.1', 'a private address (RFC 1918)'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.255', 'a shared (CGNAT) address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['169.254.1.1', 'a link-local address'],
    ['0.0.0.0', 'a "this network" address'],
    ['0.1.2.3', 'a "this network" address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
    ['192.0.2.10', 'a documentation address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['::1', 'a loopback address'],
    ['::', 'the unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['febf:ffff::1', 'a link-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a documentation address'],
    ['::ffff:127.0.0.1', 'embeds 127.0.0.1, a loopback address'],
    ['::ffff:a9fe:a9fe', 'embeds 169.254.169.254, a cloud metadata address'],
    ['::10.0.0.1', 'embeds 10.0.0.1, a private address (RFC 1918)'],
    ['64:ff9b::7f00:1', 'embeds 127.0.0.1, a loopback address'],
    ['2002:c0a8:0101::1', 'embeds 192.168.1.1, a private address (RFC 1918)'],
  ])('refuses %s (%s)', (ip, reason) => {
    expect(refusalReason(ip, closed)).toContain(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '100.63.255.255', '100.128.0.1', '172.15.255.255', '172.32.0.1', '169.253.255.255', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:0808:0808::1'])(
    'allows the public address %s',
    (ip) => {
      expect(refusalReason(ip, closed)).toBeNull();
    },
  );

  it('allows everything but cloud metadata with WEBHOOK_ALLOW_PRIVATE, and the listed networks with WEBHOOK_ALLOWED_NETWORKS', () => {
    const open = { allowPrivate: true, allowedNetworks: [] };
    expect(refusalReason('127.0.0.1', open)).toBeNull();
    expect(refusalReason('169.254.1.1', open)).toBeNull();
    // Cloud credentials stay out of reach unless the operator lists the address itself.
    for (const ip of ['169.254.169.254', '169.254.170.2', '100.100.100.200', '168.63.129.16', 'fd00:ec2::254', '::ffff:169.254.169.254']) {
      expect(refusalReason(ip, open), ip).toMatch(/cloud (metadata|platform) address/);
    }
    expect(refusalReason('169.254.169.254', { allowPrivate: true, allowedNetworks: ['169.254.169.254'] })).toBeNull();
    const listed = { allowPrivate: false, allowedNetworks: ['10.20.0.0/16', '127.0.0.1', 'fd00:1::/32'] };
    expect(refusalReason('10.20.3.4', listed)).toBeNull();
    expect(refusalReason('::ffff:10.20.3.4', listed)).toBeNull();
    expect(refusalReason('127.0.0.1', listed)).toBeNull();
    expect(refusalReason('fd00:1:2::3', listed)).toBeNull();
    expect(refusalReason('10.21.0.1', listed)).toContain('private');
    expect(refusalReason('127.0.0.2', listed)).toContain('loopback');
    expect(refusalReason('fd00:2::1', listed)).toContain('unique-local');
  });

  it('parses IPv6 forms byte for byte', () => {
    const hex = (ip: string) => Buffer.from(ipBytes(ip)!).toString('hex');
    expect(hex('::ffff:127.0.0.1')).toBe('00000000000000000000ffff7f000001');
    expect(hex('1:2:3:4:5:6:1.2.3.4')).toBe('00010002000300040005000601020304');
    expect(hex('fe80::1%eth0')).toBe('fe800000000000000000000000000001');
    expect(hex('[2001:db8::]')).toBe('20010db8000000000000000000000000');
    expect(ipBytes('example.com')).toBeNull();
  });

  describe('checkTarget', () => {
    const resolver =
      (answers: Record<string, ResolvedAddress[]>): HostResolver =>
      async (host) => {
        if (!answers[host]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
        return answers[host];
      };
    const dns = resolver({
      'public.example': [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }],
      'mixed.example': [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.1', family: 4 }],
      'metadata.example': [{ address: '169.254.169.254', family: 4 }],
    });

    it('answers every address of a public host', async () => {
      expect(await checkTarget(new URL('https://public.example/hook'), closed, dns)).toHaveLength(2);
    });

    it('refuses a host with any refused address', async () => {
      await expect(checkTarget(new URL('https://mixed.example/hook'), closed, dns)).rejects.toThrow('mixed.example resolves to 10.0.0.1 is a private address');
      await expect(checkTarget(new URL('http://metadata.example/'), closed, dns)).rejects.toThrow('a cloud metadata address');
    });

    it('refuses a host that does not resolve', async () => {
      await expect(checkTarget(new URL('https://nxdomain.example/'), closed, dns)).rejects.toThrow('nxdomain.example does not resolve (ENOTFOUND)');
    });

    it('checks IP literals without DNS', async () => {
      const never: HostResolver = async () => {
        throw new Error('DNS was asked');
      };
      expect(await checkTarget(new URL('http://[2606:4700::1111]:8443/'), closed, never)).toEqual([{ address: '2606:4700::1111', family: 6 }]);
      await expect(checkTarget(new URL('http://[::1]/'), closed, never)).rejects.toThrow('::1 is a loopback address');
    });
  });

  it('pins connections to the checked addresses', () => {
    const lookup = pinnedLookup([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
    const calls: unknown[][] = [];
    lookup('rebinding.example', { all: true }, (...a) => calls.push(a));
    lookup('rebinding.example', {}, (...a) => calls.push(a));
    lookup('rebinding.example', { family: 6 }, (...a) => calls.push(a));
    expect(calls).toEqual([
      [null, [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }]],
      [null, '93.184.216.34', 4],
      [null, '2606:2800:220:1::1', 6],
    ]);
  });
});
