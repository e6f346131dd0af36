import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver, type MxRecord, type MxResolver } from '../../../src/platform/dns.js';
import { probeSmtp, verifyEmail, type VerifyDeps } from '../../../src/tools/email/verify.js';

const dnsError = (code: string): Error => Object.assign(new Error(`queryMx ${code}`), { code });

/** A resolver answering from fixed tables; records every call. */
function fakeResolver(opts: {
  mx?: MxRecord[] | string; // records, or an error code to reject with
  address?: boolean | string;
}): MxResolver & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async resolveMx(domain) {
      calls.push(`mx:${domain}`);
      if (typeof opts.mx === 'string') throw dnsError(opts.mx);
      return opts.mx ?? [];
    },
    async resolveAddress(domain) {
      calls.push(`addr:${domain}`);
      if (typeof opts.address === 'string') throw dnsError(opts.address);
      return opts.address ?? false;
    },
  };
}

/** A resolver that fails the test if verify touches DNS at all. */
const noDns: MxResolver = {
  resolveMx: () => {
    throw new Error('DNS must not be queried');
  },
  resolveAddress: () => {
    throw new Error('DNS must not be queried');
  },
};

const never: MxResolver = {
  resolveMx: () => new Promise<MxRecord[]>(() => undefined),
  resolveAddress: () => new Promise<boolean>(() => undefined),
};

const deps = (resolver: MxResolver, extra: Partial<VerifyDeps> = {}): VerifyDeps => ({ resolver, timeoutMs: 2000, ...extra });
const MX = [
  { exchange: 'mx2.example.net', priority: 20 },
  { exchange: 'mx1.example.net', priority: 10 },
];

describe('verifyEmail without SMTP', () => {
  it('rejects bad syntax without any DNS query', async () => {
    const r = await verifyEmail('john..doe@example.com', deps(noDns));
    expect(r).toMatchObject({ email: 'john..doe@example.com', result: 'undeliverable', reason: 'invalid_syntax', mxRecords: [] });
    expect(r.checks).toMatchObject({ syntax: false, mx: null, smtp: null });
  });

  it('answers deliverable with MX records sorted by priority', async () => {
    const resolver = fakeResolver({ mx: MX });
    const r = await verifyEmail('  jane.smith@Example.com ', deps(resolver));
    expect(r).toEqual({
      email: 'jane.smith@Example.com',
      result: 'deliverable',
      reason: 'accepted_email',
      checks: { syntax: true, mx: true, disposable: false, role: false, free: false, smtp: null },
      mxRecords: [
        { exchange: 'mx1.example.net', priority: 10 },
        { exchange: 'mx2.example.net', priority: 20 },
      ],
      didYouMean: null,
    });
    expect(resolver.calls).toEqual(['mx:example.com']);
  });

  it('queries the punycode form of an IDN domain', async () => {
    const resolver = fakeResolver({ mx: MX });
    const r = await verifyEmail('jane@bücher.de', deps(resolver));
    expect(r.result).toBe('deliverable');
    expect(resolver.calls).toEqual(['mx:xn--bcher-kva.de']);
  });

  it('falls back to an A/AAAA record as implicit MX', async () => {
    const resolver = fakeResolver({ mx: 'ENODATA', address: true });
    const r = await verifyEmail('jane@example.com', deps(resolver));
    expect(r).toMatchObject({ result: 'deliverable', reason: 'accepted_email', mxRecords: [{ exchange: 'example.com', priority: 0 }] });
    expect(r.checks.mx).toBe(true);
    expect(resolver.calls).toEqual(['mx:example.com', 'addr:example.com']);
  });

  it('treats an empty MX answer like NODATA', async () => {
    const r = await verifyEmail('jane@example.com', deps(fakeResolver({ mx: [], address: false })));
    expect(r).toMatchObject({ result: 'undeliverable', reason: 'no_mx_records' });
    expect(r.checks.mx).toBe(false);
  });

  it('is undeliverable with no MX and no address', async () => {
    const r = await verifyEmail('jane@example.com', deps(fakeResolver({ mx: 'ENODATA', address: 'ENODATA' })));
    expect(r).toMatchObject({ result: 'undeliverable', reason: 'no_mx_records', mxRecords: [] });
    expect(r.checks.mx).toBe(false);
  });

  it('is undeliverable when the domain does not exist', async () => {
    const r = await verifyEmail('jane@no-such-domain.example', deps(fakeResolver({ mx: 'ENOTFOUND', address: 'ENOTFOUND' })));
    expect(r).toMatchObject({ result: 'undeliverable', reason: 'domain_not_found' });
    expect(r.checks.mx).toBe(false);
  });

  it('is undeliverable for a null MX (RFC 7505)', async () => {
    const r = await verifyEmail('jane@example.com', deps(fakeResolver({ mx: [{ exchange: '', priority: 0 }] })));
    expect(r).toMatchObject({ result: 'undeliverable', reason: 'null_mx', mxRecords: [] });
  });

  it.each([
    ['ETIMEOUT', 'dns_timeout'],
    ['ESERVFAIL', 'dns_error'],
    ['ECONNREFUSED', 'dns_error'],
  ])('answers unknown when the MX query fails with %s', async (code, reason) => {
    const r = await verifyEmail('jane@example.com', deps(fakeResolver({ mx: code })));
    expect(r).toMatchObject({ result: 'unknown', reason, mxRecords: [] });
    expect(r.checks.mx).toBeNull();
  });

  it('answers unknown when the implicit-MX query times out', async () => {
    const r = await verifyEmail('jane@example.com', deps(fakeResolver({ mx: 'ENODATA', address: 'ETIMEOUT' })));
    expect(r).toMatchObject({ result: 'unknown', reason: 'dns_timeout' });
  });

  it('answers unknown within the budget when the resolver never answers', async () => {
    const started = Date.now();
    const r = await verifyEmail('jane@example.com', { resolver: never, timeoutMs: 200 });
    expect(r).toMatchObject({ result: 'unknown', reason: 'dns_timeout' });
    expect(r.checks.mx).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('answers unknown with a real resolver pointed at a closed port', async () => {
    const r = await verifyEmail('jane@example.com', { resolver: createDnsResolver(['127.0.0.1:9'], 300), timeoutMs: 300 });
    expect(r.result).toBe('unknown');
    expect(['dns_timeout', 'dns_error']).toContain(r.reason);
    expect(r.checks.mx).toBeNull();
  });

  it('calls a disposable domain risky', async () => {
    const r = await verifyEmail('jane@mailinator.com', deps(fakeResolver({ mx: MX })));
    expect(r).toMatchObject({ result: 'risky', reason: 'disposable_domain' });
    expect(r.checks).toMatchObject({ disposable: true, free: false, mx: true });
  });

  it('calls a role account risky', async () => {
    const r = await verifyEmail('support@example.com', deps(fakeResolver({ mx: MX })));
    expect(r).toMatchObject({ result: 'risky', reason: 'role_account' });
    expect(r.checks.role).toBe(true);
  });

  it('flags free providers but still answers deliverable', async () => {
    const r = await verifyEmail('jane.smith@gmail.com', deps(fakeResolver({ mx: MX })));
    expect(r).toMatchObject({ result: 'deliverable', reason: 'accepted_email', didYouMean: null });
    expect(r.checks.free).toBe(true);
  });

  it('suggests the corrected address for a typo', async () => {
    const r = await verifyEmail('john@gmial.com', deps(fakeResolver({ mx: MX })));
    expect(r.didYouMean).toBe('john@gmail.com');
  });
});

describe('verifyEmail with localLookup (own domains)', () => {
  it('answers live mailboxes without DNS', async () => {
    const seen: string[] = [];
    const r = await verifyEmail('Someone@Ephemail.test', {
      ...deps(noDns),
      localLookup: async (address) => {
        seen.push(address);
        return 'live';
      },
    });
    expect(r).toMatchObject({ result: 'deliverable', reason: 'mailbox_exists', mxRecords: [] });
    expect(r.checks).toMatchObject({ syntax: true, mx: true, smtp: null });
    expect(seen).toEqual(['Someone@ephemail.test']);
  });

  it('answers gone mailboxes without DNS', async () => {
    const r = await verifyEmail('old@ephemail.test', { ...deps(noDns), localLookup: async () => 'gone' });
    expect(r).toMatchObject({ result: 'undeliverable', reason: 'mailbox_not_found' });
  });

  it('falls through to DNS when the domain is not ours', async () => {
    const resolver = fakeResolver({ mx: MX });
    const r = await verifyEmail('jane@example.com', { ...deps(resolver), localLookup: async () => null });
    expect(r.reason).toBe('accepted_email');
    expect(resolver.calls).toEqual(['mx:example.com']);
  });

  it('does not wait for a lookup past the budget', async () => {
    const r = await verifyEmail('jane@example.com', {
      resolver: noDns,
      timeoutMs: 100,
      localLookup: () => new Promise(() => undefined),
    });
    expect(r).toMatchObject({ result: 'unknown', reason: 'lookup_timeout' });
  });
});

describe('SMTP probe', () => {
  let server: net.Server;
  let port: number;
  const transcript: string[] = [];

  beforeAll(async () => {
    // A minimal SMTP server: accepts RCPT for alive@, 550 for dead@, 450 for grey@, 550 5.7.1 for policy@.
    server = net.createServer((socket) => {
      socket.setEncoding('utf8');
      socket.write('220 test.local ESMTP ready\r\n');
      let buffer = '';
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        let i: number;
        while ((i = buffer.indexOf('\r\n')) !== -1) {
          const line = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          transcript.push(line);
          const upper = line.toUpperCase();
          if (upper.startsWith('EHLO')) socket.write('250-test.local greets you\r\n250-PIPELINING\r\n250 SIZE 1000000\r\n');
          else if (upper.startsWith('MAIL FROM')) socket.write('250 2.1.0 OK\r\n');
          else if (upper.startsWith('RCPT TO:<ALIVE@')) socket.write('250 2.1.5 OK\r\n');
          else if (upper.startsWith('RCPT TO:<DEAD@')) socket.write('550 5.1.1 No such user\r\n');
          else if (upper.startsWith('RCPT TO:<GREY@')) socket.write('450 4.2.0 Greylisted, try later\r\n');
          else if (upper.startsWith('RCPT TO:<POLICY@')) socket.write('550 5.7.1 Client host blocked\r\n');
          else if (upper.startsWith('RCPT TO:<SLOW@')) {
            /* never answers */
          } else if (upper === 'QUIT') socket.end('221 bye\r\n');
          else socket.write('502 command not implemented\r\n');
        }
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const probeDeps = (timeoutMs = 2000): VerifyDeps => ({
    resolver: fakeResolver({ mx: [{ exchange: '127.0.0.1', priority: 10 }] }),
    timeoutMs: 3000,
    smtpProbe: { enabled: true, timeoutMs, heloName: 'verify.ephemail.test', mailFrom: 'probe@ephemail.test', port },
  });

  it('accepts a mailbox the server accepts, after a full conversation', async () => {
    transcript.length = 0;
    const r = await verifyEmail('alive@example.com', probeDeps());
    expect(r).toMatchObject({ result: 'deliverable', reason: 'accepted_email' });
    expect(r.checks.smtp).toBe(true);
    expect(transcript.slice(0, 3)).toEqual(['EHLO verify.ephemail.test', 'MAIL FROM:<probe@ephemail.test>', 'RCPT TO:<alive@example.com>']);
  });

  it('marks a mailbox rejected with 550 undeliverable', async () => {
    const r = await verifyEmail('dead@example.com', probeDeps());
    expect(r).toMatchObject({ result: 'undeliverable', reason: 'rejected_email' });
    expect(r.checks).toMatchObject({ smtp: false, mx: true });
    expect(r.mxRecords).toEqual([{ exchange: '127.0.0.1', priority: 10 }]);
  });

  it('treats greylisting and policy refusals as inconclusive', async () => {
    for (const local of ['grey', 'policy']) {
      const r = await verifyEmail(`${local}@example.com`, probeDeps());
      expect(r).toMatchObject({ result: 'unknown', reason: 'smtp_inconclusive' });
      expect(r.checks.smtp).toBeNull();
    }
  });

  it('gives up on a server that stops answering, within the probe timeout', async () => {
    const started = Date.now();
    const r = await verifyEmail('slow@example.com', probeDeps(300));
    expect(r).toMatchObject({ result: 'unknown', reason: 'smtp_inconclusive' });
    expect(r.checks.smtp).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports smtp_unreachable when nothing listens', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await verifyEmail('alive@example.com', { ...probeDeps(), smtpProbe: { ...probeDeps().smtpProbe!, port: deadPort } });
    expect(r).toMatchObject({ result: 'unknown', reason: 'smtp_unreachable' });
    expect(r.checks.smtp).toBeNull();
  });

  it('does not probe when disabled', async () => {
    transcript.length = 0;
    const r = await verifyEmail('dead@example.com', { ...probeDeps(), smtpProbe: { ...probeDeps().smtpProbe!, enabled: false } });
    expect(r).toMatchObject({ result: 'deliverable', reason: 'accepted_email' });
    expect(r.checks.smtp).toBeNull();
    expect(transcript).toEqual([]);
  });

  it('probeSmtp falls back to HELO when EHLO is refused', async () => {
    const old = net.createServer((socket) => {
      socket.setEncoding('utf8');
      socket.write('220 old.local\r\n');
      socket.on('data', (chunk: string) => {
        for (const line of chunk.split('\r\n').filter(Boolean)) {
          if (line.startsWith('EHLO')) socket.write('500 unrecognized\r\n');
          else if (line.startsWith('HELO')) socket.write('250 old.local\r\n');
          else if (line.startsWith('MAIL')) socket.write('250 ok\r\n');
          else if (line.startsWith('RCPT')) socket.write('251 will forward\r\n');
          else if (line === 'QUIT') socket.end('221 bye\r\n');
        }
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => old.listen(0, '127.0.0.1', resolve));
    const oldPort = (old.address() as net.AddressInfo).port;
    try {
      const outcome = await probeSmtp({
        host: '127.0.0.1',
        port: oldPort,
        timeoutMs: 2000,
        heloName: 'h',
        mailFrom: '',
        rcptTo: 'x@example.com',
      });
      expect(outcome).toBe('accepted');
    } finally {
      await new Promise((resolve) => old.close(resolve));
    }
  });
});
