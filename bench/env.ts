/**
 * Loopback only: every benchmark's DNS (arriving mail is checked for SPF/DKIM/DMARC, which looks its sender up) goes
 * to a closed loopback port unless DNS_SERVERS is set, so no look-up leaves the machine and a check fails at once
 * (`temperror`) rather than waiting on a resolver. Imported first by the bench scripts; child processes inherit it.
 */
/** The closed loopback port: what a benchmark's instance asks when nobody named a DNS (bench/peers.ts, bench/scale.ts). */
export const NO_DNS = '127.0.0.1:9';

process.env.DNS_SERVERS ??= NO_DNS;
