import dgram from 'node:dgram';
import { getServers } from 'node:dns';
import { randomInt } from 'node:crypto';
import net from 'node:net';
import { Packet } from 'dns2';
import { parseDnsServer, type DnsServer as Server } from './dns.js';

/**
 * DNS questions with the TTLs of their answers, for the SPF/DKIM/DMARC checks' cache (./dns-cache.ts). Node's resolver
 * reports a TTL for A and AAAA answers only, and none for "no such name": a TXT record (an SPF or DMARC policy) would
 * be kept for a fixed time whatever its owner asked. Here each question goes to the resolvers as a packet dns2 encodes
 * and decodes (its client is not used: it sends from an unconnected socket, so a resolver whose port is closed would
 * cost the whole timeout instead of failing at once), over UDP, and over TCP when the answer is truncated.
 */

/** An answer: the records as node:dns/promises' `resolve(name, rrtype)` gives them, and how long they may be kept. */
export interface DnsAnswer {
  value: unknown;
  /** Seconds: the lowest TTL among the answer's records (the CNAMEs leading to them included). */
  ttl: number;
}

/** A failed question, with node:dns's error codes (ENOTFOUND, ENODATA, ESERVFAIL, EREFUSED, ETIMEOUT, ECONNREFUSED...). */
export interface DnsFailure extends Error {
  code: string;
  /** For ENOTFOUND and ENODATA: how long the answer may be kept (RFC 2308: the SOA's TTL and minimum, the lower);
   * absent when the resolver sent no SOA (such an answer is not kept). */
  negativeTtl?: number;
}

export type DnsQuery = (name: string, rrtype: string) => Promise<DnsAnswer>;

const RCODE_ERRORS: Record<number, string> = { 1: 'EFORMERR', 2: 'ESERVFAIL', 4: 'ENOTIMP', 5: 'EREFUSED' };
const NXDOMAIN = 3;
/** What a resolver may send over UDP with EDNS (the DNS flag day 2020 size): larger answers come over TCP. */
const UDP_PAYLOAD = 1232;

function failure(code: string, name: string, negativeTtl?: number): DnsFailure {
  const err = new Error(`query ${code} ${name}`) as DnsFailure;
  err.code = code;
  if (negativeTtl !== undefined) err.negativeTtl = negativeTtl;
  return err;
}

/** The records of the asked type, shaped as node:dns/promises' resolve answers them. */
function shape(rrtype: string, records: Array<Record<string, unknown>>): unknown {
  switch (rrtype) {
    case 'A':
    case 'AAAA':
      return records.map((r) => r.address);
    case 'MX':
      return records.map((r) => ({ exchange: r.exchange, priority: r.priority }));
    // dns2 joins a record's character strings into one; every check joins them anyway.
    case 'TXT':
      return records.map((r) => [r.data]);
    default:
      return records.map((r) => r.domain ?? r.data);
  }
}

function query(name: string, rrtype: string): Buffer {
  const type = (Packet.TYPE as Record<string, number>)[rrtype];
  if (type === undefined) throw failure('ENOTIMP', name);
  const packet = new Packet();
  packet.header.id = randomInt(0x10000);
  packet.header.rd = 1;
  packet.questions.push({ name, type, class: Packet.CLASS.IN } as never);
  // dns2's typings leave out EDNS's second argument (its options: the UDP size offered).
  const edns = Packet.Resource.EDNS as unknown as (options: unknown[], opts: { udpPayloadSize: number }) => unknown;
  packet.additionals.push(edns([], { udpPayloadSize: UDP_PAYLOAD }) as never);
  return packet.toBuffer();
}

type Settle = (err: Error | null, answer?: Packet) => void;

/** The answer `ask` settles first, or ETIMEOUT (for `name`) after `timeoutMs`; `close` ends the socket either way. */
function firstAnswer(name: string, timeoutMs: number, close: () => void, ask: (settle: Settle) => void): Promise<Packet> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle: Settle = (err, answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      close();
      if (err) reject(err);
      else resolve(answer!);
    };
    const timer = setTimeout(() => settle(failure('ETIMEOUT', name)), timeoutMs);
    ask(settle);
  });
}

/** One question to one server over UDP, from a connected socket (a closed port fails at once: ECONNREFUSED). */
function overUdp(server: Server, name: string, packet: Buffer, timeoutMs: number): Promise<Packet> {
  const id = packet.readUInt16BE(0);
  const socket = dgram.createSocket(server.family === 6 ? 'udp6' : 'udp4');
  return firstAnswer(name, timeoutMs, () => socket.close(), (settle) => {
    socket.on('error', (err) => settle(err));
    socket.on('message', (message) => {
      let answer: Packet;
      try {
        answer = Packet.parse(message);
      } catch {
        return; // not a DNS answer: wait for one
      }
      if (answer.header.id === id) settle(null, answer);
    });
    socket.connect(server.port, server.host, () => socket.send(packet));
  });
}

/** The same over TCP (RFC 7766: each message after its two-byte length), for an answer too large for UDP. */
function overTcp(server: Server, name: string, packet: Buffer, timeoutMs: number): Promise<Packet> {
  const socket = net.connect({ host: server.host, port: server.port });
  return firstAnswer(name, timeoutMs, () => socket.destroy(), (settle) => {
    let received = Buffer.alloc(0);
    socket.on('error', (err) => settle(err));
    socket.on('connect', () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(packet.length);
      socket.write(Buffer.concat([length, packet]));
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 2 || received.length < 2 + received.readUInt16BE(0)) return;
      try {
        settle(null, Packet.parse(received.subarray(2, 2 + received.readUInt16BE(0))));
      } catch (err) {
        settle(err as Error);
      }
    });
  });
}

const RETRIED = new Set(['ESERVFAIL', 'EREFUSED', 'ENOTIMP']);

/**
 * Asks `servers` (the system's resolvers when empty) in turn, two rounds, each try with `perTryMs`; answers the first
 * server that answers (NXDOMAIN and NODATA are answers; a server's failure is not). TTLs as the resolver gave them.
 */
export function createDnsQuery(opts: { servers: string[]; perTryMs: number }): DnsQuery {
  const configured = opts.servers.map(parseDnsServer);
  return async (name, rrtype) => {
    const servers = configured.length > 0 ? configured : getServers().map(parseDnsServer);
    const packet = query(name, rrtype);
    let lastError: Error = failure('ECONNREFUSED', name);
    for (let round = 0; round < 2; round++) {
      for (const server of servers) {
        let answer: Packet;
        try {
          answer = await overUdp(server, name, packet, opts.perTryMs);
          if (answer.header.tc) answer = await overTcp(server, name, packet, opts.perTryMs);
        } catch (err) {
          lastError = err as Error;
          continue;
        }
        try {
          return read(answer, name, rrtype);
        } catch (err) {
          // As c-ares does: a server that fails the question (SERVFAIL, REFUSED, NOTIMP) leaves it to the next one.
          if (!RETRIED.has((err as DnsFailure).code)) throw err;
          lastError = err as Error;
        }
      }
    }
    throw lastError;
  };
}

function read(answer: Packet, name: string, rrtype: string): DnsAnswer {
  const rcode = answer.header.rcode;
  const soa = (answer.authorities as unknown as Array<Record<string, unknown>>).find((r) => r.type === Packet.TYPE.SOA);
  const negativeTtl = soa ? Math.min(Number(soa.ttl), Number(soa.minimum)) : undefined;
  if (rcode === NXDOMAIN) throw failure('ENOTFOUND', name, negativeTtl);
  if (rcode !== 0) throw failure(RCODE_ERRORS[rcode] ?? 'EBADRESP', name);
  const type = (Packet.TYPE as Record<string, number>)[rrtype];
  const all = answer.answers as unknown as Array<Record<string, unknown>>;
  const records = all.filter((r) => r.type === type);
  if (records.length === 0) throw failure('ENODATA', name, negativeTtl);
  // The chain of CNAMEs that led to the records expires with them.
  const chain = all.filter((r) => r.type === type || r.type === Packet.TYPE.CNAME);
  return { value: shape(rrtype, records), ttl: Math.min(...chain.map((r) => Number(r.ttl))) };
}
