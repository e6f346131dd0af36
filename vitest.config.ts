import { defineConfig } from 'vitest/config';

/**
 * Suites that load the machine on purpose (`npm run bench -- --quick`, the reliability scenarios with several server
 * processes, nginx and overload): they run one at a time after the rest, so none starves another — or a server
 * another suite is starting — on two cores.
 */
const LOAD = ['test/integration/bench.test.ts', 'test/system/reliability/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time keeps servers, Prism and PostgreSQL from starving each other.
    maxWorkers: 2,
    // Each worker process keeps the modules it has loaded from one file to the next instead of loading the server's
    // module graph (Fastify, Kysely, mailparser, mailauth…) afresh for every file: in one run of the whole suite on two
    // cores, 151 s of module loading became 14 s and the run 658 s → 516 s. Tests therefore leave no global state
    // behind (a test that sets process.env.TZ puts it back); every app and server a file starts, it closes.
    isolate: false,
    reporters: ['default'],
    // The server bundle that the tests starting real server processes run (test/helpers/bundle.ts), built once, and
    // the Prism mock every contract file asks (test/helpers/prism.ts).
    globalSetup: ['test/setup/bundle.ts', 'test/setup/prism.ts'],
    // Loopback only: DNS from the suite (and the servers it spawns, which inherit this) goes to a closed loopback
    // port unless a test starts its own DNS server (test/helpers/dns.ts) and says so. Arriving mail is checked for
    // SPF/DKIM/DMARC, which looks its sender up; the machine's own resolver must never see that.
    //
    // Passwords are hashed at scrypt's N = 2^10 rather than the default 2^15 (PASSWORD_HASH_COST): the suite signs up
    // and logs in hundreds of times, and each hash at the default costs 0.1-0.2 s of a core. Hashing at the default
    // is tested on its own (test/integration/identity/sessions.test.ts).
    env: { DNS_SERVERS: '127.0.0.1:9', PASSWORD_HASH_COST: '10' },
    projects: [
      { extends: true, test: { name: 'suite', include: ['test/**/*.test.ts'], exclude: LOAD } },
      { extends: true, test: { name: 'load', include: LOAD, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
