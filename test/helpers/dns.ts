import dgram from 'node:dgram';
import { Packet, createServer, type DnsHandler } from 'dns2';

// dns2's types leave out Packet.RCODE; the values are RFC 1035's.
const SERVFAIL = 2;
const NXDOMAIN = 3;

export interface MxAnswer {
  exchange: string;
  priority: number;
}

/** What the test DNS server answers: TXT records (each a list of character strings) and MX records per name.
 * A name in neither map answers NXDOMAIN; a known name without the asked type answers NOERROR with no records
 * (NODATA); `servfail` names answer SERVFAIL. Records have the TTL `ttl` gives their name (60 s otherwise); NXDOMAIN
 * and NODATA carry an SOA whose minimum is `negativeTtl` (RFC 2308; null: no SOA, as a resolver may send). Over UDP,
 * `truncated` names answer with the TC bit and no records, so that the full answer has to be asked over TCP. */
export interface Zone {
  txt: Map<string, string[][]>;
  mx: Map<string, MxAnswer[]>;
  servfail: Set<string>;
  ttl: Map<string, number>;
  negativeTtl: number | null;
  truncated: Set<string>;
}

export interface TestDns {
  /** For DNS_SERVERS: `127.0.0.1:<port>`. */
  server: string;
  zone: Zone;
  /** Every question asked, as `TYPE name` (over TCP: `TCP TYPE name`). */
  queries: string[];
  close(): Promise<void>;
}

/** A real DNS server on 127.0.0.1 (UDP, random port) answering from `zone`, which tests may change at any time;
 * `delayMs`: each answer that long after its question, as a resolver asking the internet would. */
export async function startTestDns(opts: { delayMs?: number } = {}): Promise<TestDns> {
  const zone: Zone = { txt: new Map(), mx: new Map(), servfail: new Set(), ttl: new Map(), negativeTtl: 300, truncated: new Set() };
  const queries: string[] = [];
  const handler: { handle: DnsHandler } = {
    handle: (request, answer, rinfo) => {
      const send = (r: Parameters<typeof answer>[0]) => (opts.delayMs ? void setTimeout(() => answer(r), opts.delayMs) : answer(r));
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const type = question.type === Packet.TYPE.TXT ? 'TXT' : question.type === Packet.TYPE.MX ? 'MX' : String(question.type);
      // dns2 hands a TCP question's socket as its rinfo (no `family`/`size` as a datagram's has).
      const overTcp = !(rinfo && typeof rinfo === 'object' && 'size' in rinfo);
      queries.push(`${overTcp ? 'TCP ' : ''}${type} ${name}`);
      const soa = () => {
        if (zone.negativeTtl === null) return;
        const record = { name: 'test', type: Packet.TYPE.SOA, class: Packet.CLASS.IN, ttl: 3600, primary: 'ns.test', admin: 'hostmaster.test', serial: 1 };
        response.authorities.push({ ...record, refresh: 3600, retry: 600, expiration: 86400, minimum: zone.negativeTtl } as never);
      };
      if (zone.servfail.has(name)) {
        response.header.rcode = SERVFAIL;
        return send(response);
      }
      if (!zone.txt.has(name) && !zone.mx.has(name)) {
        response.header.rcode = NXDOMAIN;
        soa();
        return send(response);
      }
      if (!overTcp && zone.truncated.has(name)) {
        response.header.tc = 1;
        return send(response);
      }
      const ttl = zone.ttl.get(name) ?? 60;
      if (question.type === Packet.TYPE.TXT) {
        for (const data of zone.txt.get(name) ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl, data } as never);
        }
      } else if (question.type === Packet.TYPE.MX) {
        for (const mx of zone.mx.get(name) ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl, ...mx } as never);
        }
      }
      if (response.answers.length === 0) soa();
      send(response);
    },
  };
  // TCP on the UDP port (a truncated answer is asked again there): another pair of ports is tried should it be taken.
  let server!: ReturnType<typeof createServer>;
  let addresses!: Awaited<ReturnType<ReturnType<typeof createServer>['listen']>>;
  for (let attempt = 0; ; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = dgram.createSocket('udp4');
      probe.once('error', reject);
      probe.bind(0, '127.0.0.1', () => {
        const bound = probe.address().port;
        probe.close(() => resolve(bound));
      });
    });
    server = createServer({ udp: true, tcp: true, ...handler });
    const failed = new Promise<never>((_, reject) => server.once('error', reject));
    try {
      addresses = await Promise.race([server.listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } }), failed]);
      break;
    } catch (err) {
      await Promise.race([server.close(), new Promise((r) => setTimeout(r, 100))]);
      if (attempt >= 5) throw err;
    }
  }
  return {
    server: `127.0.0.1:${addresses.udp!.port}`,
    zone,
    queries,
    close: async () => {
      await server.close();
    },
  };
}
