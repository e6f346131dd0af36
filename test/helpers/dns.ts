import { Packet, createServer } from 'dns2';

// dns2's types leave out Packet.RCODE; the values are RFC 1035's.
const SERVFAIL = 2;
const NXDOMAIN = 3;

export interface MxAnswer {
  exchange: string;
  priority: number;
}

/** What the test DNS server answers: TXT records (each a list of character strings) and MX records per name.
 * A name in neither map answers NXDOMAIN; a known name without the asked type answers NOERROR with no records
 * (NODATA); `servfail` names answer SERVFAIL. */
export interface Zone {
  txt: Map<string, string[][]>;
  mx: Map<string, MxAnswer[]>;
  servfail: Set<string>;
}

export interface TestDns {
  /** For DNS_SERVERS: `127.0.0.1:<port>`. */
  server: string;
  zone: Zone;
  /** Every question asked, as `TYPE name`. */
  queries: string[];
  close(): Promise<void>;
}

/** A real DNS server on 127.0.0.1 (UDP, random port) answering from `zone`, which tests may change at any time;
 * `delayMs`: each answer that long after its question, as a resolver asking the internet would. */
export async function startTestDns(opts: { delayMs?: number } = {}): Promise<TestDns> {
  const zone: Zone = { txt: new Map(), mx: new Map(), servfail: new Set() };
  const queries: string[] = [];
  const server = createServer({
    udp: true,
    handle: (request, answer) => {
      const send = (r: Parameters<typeof answer>[0]) => (opts.delayMs ? void setTimeout(() => answer(r), opts.delayMs) : answer(r));
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const type = question.type === Packet.TYPE.TXT ? 'TXT' : question.type === Packet.TYPE.MX ? 'MX' : String(question.type);
      queries.push(`${type} ${name}`);
      if (zone.servfail.has(name)) {
        response.header.rcode = SERVFAIL;
        return send(response);
      }
      if (!zone.txt.has(name) && !zone.mx.has(name)) {
        response.header.rcode = NXDOMAIN;
        return send(response);
      }
      if (question.type === Packet.TYPE.TXT) {
        for (const data of zone.txt.get(name) ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data } as never);
        }
      } else if (question.type === Packet.TYPE.MX) {
        for (const mx of zone.mx.get(name) ?? []) {
          response.answers.push({ name: question.name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl: 60, ...mx } as never);
        }
      }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    server: `127.0.0.1:${addresses.udp!.port}`,
    zone,
    queries,
    close: async () => {
      await server.close();
    },
  };
}
