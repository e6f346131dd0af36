import { Packet, createServer } from 'dns2';

/** RFC 1035's NXDOMAIN (dns2's types leave Packet.RCODE out). */
const NXDOMAIN = 3;

export interface SlowDns {
  /** For DNS_SERVERS: `127.0.0.1:<port>`. */
  server: string;
  /** Questions answered so far. */
  answered(): number;
  close(): Promise<void>;
}

/** The SOA a resolver passes on with NXDOMAIN (RFC 2308): its minimum, with its own TTL the lower, is how long the
 * answer may be cached. 900 s is the negative TTL of many zones (`.com`'s SOA says 900, as this one does). */
const NEGATIVE_TTL = 900;

/**
 * A DNS server on 127.0.0.1 that answers every question NXDOMAIN after `delayMs`, with the SOA a real resolver passes
 * on: what a real resolver costs for a sender domain nobody has asked it about yet, without any query leaving the
 * machine. The SMTP rows of `npm run bench` run against it, so the cost of DNS on the mail path is measured rather
 * than hidden.
 */
export async function startSlowDns(delayMs: number): Promise<SlowDns> {
  let answered = 0;
  const server = createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      response.header.rcode = NXDOMAIN;
      const soa = { name: 'com', type: Packet.TYPE.SOA, class: Packet.CLASS.IN, ttl: NEGATIVE_TTL, primary: 'a.gtld-servers.net', admin: 'nstld.verisign-grs.com' };
      response.authorities.push({ ...soa, serial: 1, refresh: 1800, retry: 900, expiration: 604800, minimum: NEGATIVE_TTL } as never);
      setTimeout(() => {
        answered++;
        send(response);
      }, delayMs);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { server: `127.0.0.1:${addresses.udp!.port}`, answered: () => answered, close: async () => void (await server.close()) };
}
