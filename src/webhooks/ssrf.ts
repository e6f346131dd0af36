import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Which hosts a webhook may call. A webhook URL is chosen by a customer but fetched by our server, so without a
 * guard it reaches whatever the server can: its own loopback services, the private network, the cloud metadata
 * endpoint. Every address a host resolves to is checked (one bad record refuses the host, so a mixed answer
 * cannot smuggle a private address past the check), and the delivery then connects to exactly the addresses that
 * were checked (see `pinnedLookup`), so a second DNS answer cannot differ from the first (DNS rebinding).
 */
export interface TargetPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: every address is allowed (a trusted, private installation). */
  allowPrivate: boolean;
  /** WEBHOOK_ALLOWED_NETWORKS: IPs or CIDR ranges allowed even though they are not public. */
  allowedNetworks: string[];
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (A and AAAA), like the operating system would for a connection. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** A refused or unusable target; the message is a sentence for the user or the delivery log. */
export class TargetRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefusedError';
  }
}

interface Network {
  bytes: Uint8Array;
  prefix: number;
}

interface Range extends Network {
  what: string;
}

const range = (cidr: string, what: string): Range => ({ ...parseNetwork(cidr)!, what });

const PRIVATE = 'a private address (RFC 1918)';
const DOCUMENTATION = 'a documentation address';

/** Everything that is not a public unicast address. IPv4 forms embedded in IPv6 are checked separately. */
const REFUSED: Range[] = [
  range('0.0.0.0/8', 'a "this network" address'),
  range('10.0.0.0/8', PRIVATE),
  range('100.64.0.0/10', 'a shared (CGNAT) address'),
  range('127.0.0.0/8', 'a loopback address'),
  range('169.254.0.0/16', 'a link-local address'),
  range('172.16.0.0/12', PRIVATE),
  range('192.0.0.0/24', 'an IETF protocol address'),
  range('192.0.2.0/24', DOCUMENTATION),
  range('192.168.0.0/16', PRIVATE),
  range('198.18.0.0/15', 'a benchmarking address'),
  range('198.51.100.0/24', DOCUMENTATION),
  range('203.0.113.0/24', DOCUMENTATION),
  range('224.0.0.0/4', 'a multicast address'),
  range('240.0.0.0/4', 'a reserved address'),
  range('::/128', 'the unspecified address'),
  range('::1/128', 'a loopback address'),
  range('64:ff9b:1::/48', 'a local NAT64 address'),
  range('100::/64', 'a discard address'),
  range('2001:db8::/32', DOCUMENTATION),
  range('fc00::/7', 'a unique-local address'),
  range('fe80::/10', 'a link-local address'),
  range('fec0::/10', 'a site-local address'),
  range('ff00::/8', 'a multicast address'),
];

/**
 * Cloud instance-metadata endpoints: reaching one hands out the server's cloud credentials. They are refused even
 * with WEBHOOK_ALLOW_PRIVATE=true, unless WEBHOOK_ALLOWED_NETWORKS names a network that contains them.
 */
const METADATA: Range[] = [
  range('169.254.169.254/32', 'a cloud metadata address (AWS, GCP, Azure, DigitalOcean, OpenStack)'),
  range('169.254.170.2/32', 'a cloud metadata address (AWS ECS task credentials)'),
  range('169.254.0.23/32', 'a cloud metadata address (Tencent Cloud)'),
  range('100.100.100.200/32', 'a cloud metadata address (Alibaba Cloud)'),
  range('168.63.129.16/32', 'a cloud platform address (Azure WireServer)'),
  range('fd00:ec2::254/128', 'a cloud metadata address (AWS IPv6)'),
];

/** Parses `ip` or `ip/prefix` into bytes and a prefix length; null when it is neither. */
export function parseNetwork(text: string): Network | null {
  const [ip, prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const bytes = ipBytes(ip);
  if (!bytes) return null;
  const max = bytes.length * 8;
  if (prefixText === undefined) return { bytes, prefix: max };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { bytes, prefix: Number(prefixText) };
}

/** 4 bytes for IPv4, 16 for IPv6 (zone ids such as `%eth0` are ignored); null for anything else. */
export function ipBytes(ip: string): Uint8Array | null {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return Uint8Array.from(bare.split('.').map(Number));
  if (family !== 6) return null;
  let text = bare.toLowerCase();
  let tail: number[] = [];
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = dotted[2].split('.').map(Number);
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    text = dotted[1].endsWith('::') ? dotted[1] : dotted[1].slice(0, -1);
  }
  const hex = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const gap = text.indexOf('::');
  let groups: number[];
  if (gap >= 0) {
    const left = hex(text.slice(0, gap));
    const right = [...hex(text.slice(gap + 2)), ...tail];
    const fill = 8 - left.length - right.length;
    if (fill < 0) return null;
    groups = [...left, ...new Array<number>(fill).fill(0), ...right];
  } else {
    groups = [...hex(text), ...tail];
  }
  if (groups.length !== 8) return null;
  const out = new Uint8Array(16);
  groups.forEach((g, i) => {
    out[i * 2] = g >> 8;
    out[i * 2 + 1] = g & 0xff;
  });
  return out;
}

function contains(net: Network, bytes: Uint8Array): boolean {
  if (net.bytes.length !== bytes.length) return false;
  let bits = net.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((net.bytes[i] & mask) !== (bytes[i] & mask)) return false;
  }
  return true;
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4
 * 2002::/16), which is what such an address really reaches. */
function embeddedV4(b: Uint8Array): Uint8Array | null {
  const zeros = (from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12, 16);
  if (zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && b[15] === 1)) return b.slice(12, 16);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return b.slice(12, 16);
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6);
  return null;
}

/** Why `ip` may not be called, or null when it may. */
export function refusalReason(ip: string, policy: TargetPolicy): string | null {
  const bytes = ipBytes(ip);
  if (!bytes) return `${ip} is not an IP address`;
  const allowed = policy.allowedNetworks.map(parseNetwork).filter((n): n is Network => n !== null);
  const check = (b: Uint8Array): string | null => {
    if (allowed.some((n) => contains(n, b))) return null;
    const metadata = METADATA.find((r) => contains(r, b));
    if (metadata) return metadata.what;
    if (policy.allowPrivate) return null;
    const hit = REFUSED.find((r) => contains(r, b));
    return hit ? hit.what : null;
  };
  const own = check(bytes);
  if (own) return `${ip} is ${own}`;
  const v4 = bytes.length === 16 ? embeddedV4(bytes) : null;
  if (v4) {
    const inner = check(v4);
    if (inner) return `${ip} embeds ${Array.from(v4).join('.')}, ${inner}`;
  }
  return null;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Resolves the URL's host and checks every address. Resolves with the addresses to connect to; rejects with a
 * TargetRefusedError saying why (a refused address, or a host that does not resolve and so cannot be checked).
 */
export async function checkTarget(
  url: URL,
  policy: TargetPolicy,
  resolve: HostResolver = systemResolver,
  /** What the refusal tells the user to do; link checks (src/mail/checks/links.ts) name their own settings. */
  advice = 'webhooks may only call public addresses (the operator can allow private ones with WEBHOOK_ALLOW_PRIVATE or WEBHOOK_ALLOWED_NETWORKS)',
): Promise<ResolvedAddress[]> {
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new TargetRefusedError(`${host} does not resolve${code ? ` (${code})` : ''}, so it cannot be checked.`);
    }
    if (addresses.length === 0) throw new TargetRefusedError(`${host} does not resolve, so it cannot be checked.`);
  }
  for (const a of addresses) {
    const reason = refusalReason(a.address, policy);
    if (reason) {
      throw new TargetRefusedError(
        `${literal ? '' : `${host} resolves to `}${reason}; ${advice}.`,
      );
    }
  }
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that answers with the addresses already checked instead of asking DNS again, so the
 * connection goes where the check looked. With `all` (Node's happy-eyeballs connect) every checked address is
 * offered, in the resolver's order.
 */
export function pinnedLookup(addresses: ResolvedAddress[]) {
  return (_hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    if (usable.length === 0) {
      callback(Object.assign(new Error(`no IPv${family} address was checked for this host`), { code: 'ENOTFOUND' }), []);
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}
