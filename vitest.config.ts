import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time keeps servers, Prism and PostgreSQL from starving each other.
    maxWorkers: 2,
    reporters: ['default'],
    // Loopback only: DNS from the suite (and the servers it spawns, which inherit this) goes to a closed loopback
    // port unless a test starts its own DNS server (test/helpers/dns.ts) and says so. Arriving mail is checked for
    // SPF/DKIM/DMARC, which looks its sender up; the machine's own resolver must never see that.
    env: { DNS_SERVERS: '127.0.0.1:9' },
  },
});
