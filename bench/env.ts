/**
 * Loopback only: every benchmark's DNS (arriving mail is checked for SPF/DKIM/DMARC, which looks its sender up) goes
 * to a closed loopback port unless DNS_SERVERS is set, so no look-up leaves the machine and a check fails at once
 * (`temperror`) rather than waiting on a resolver. Imported first by the bench scripts; child processes inherit it.
 */
process.env.DNS_SERVERS ??= '127.0.0.1:9';
