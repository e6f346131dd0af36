/**
 * The large-store row of `npm run bench`: list latency with N messages stored (over N/10 addresses) against the
 * same server on a small store, and the store's size against the raw bytes received. The stores are seeded
 * directly (better-sqlite3, rows shaped as ingestion writes them: one brotli-compressed source per message), since
 * ingesting a million messages over SMTP would take the run's whole budget; the list is then served by
 * `node dist/main.js` as `npm start` runs it.
 */
import './env.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { SQLite } from '../src/db/sqlite-driver.js';
import autocannon from 'autocannon';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { openDatabase } from '../src/db/database.js';
import { encodeSource } from '../src/db/messages.js';
import { createAccount } from '../src/identity/accounts.js';
import { createKey } from '../src/identity/keys.js';
import { startEphemail } from './peers.js';

interface StoreResult {
  p50: number;
  p99: number;
}

async function seed(messages: number): Promise<{ dataDir: string; key: string; address: string; rawBytes: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ephemail-bench-store-'));
  const database = await openDatabase({ databaseUrl: null, dataDir });
  const account = await createAccount(database.db, 'store@example.com', 'developer');
  const key = (await createKey(database.db, account, 'developer')).key;
  await database.close();
  // A transactional mail of about 4.3 kB, as the issue measured.
  const raw = await new MailComposer({
    from: 'Shop <shop@example.com>',
    to: 'someone@bench.test',
    subject: 'Your order 123456 has shipped',
    text: `Hello,\n\nYour order has shipped.\n${'Item line with some words in it. '.repeat(40)}\n`,
    html: `<p>Hello,</p><p>Your order has shipped.</p>${'<p>Item line with some words in it.</p>'.repeat(40)}`,
  })
    .compile()
    .build();
  const source = await encodeSource(raw);
  const sqlite = new SQLite(path.join(dataDir, 'ephemail.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const addresses = Math.max(1, Math.floor(messages / 10));
  const now = Date.now();
  const insertAddress = sqlite.prepare('insert into addresses (id, account_id, address, local_part, domain, created_at, expires_at) values (?, ?, ?, ?, ?, ?, ?)');
  const insertContent = sqlite.prepare('insert into message_contents (id, raw, encoding, size) values (?, ?, ?, ?)');
  const insertMessage = sqlite.prepare(
    `insert into messages (id, address_id, content_id, from_address, from_name, to_json, cc_json, codes_json, links_json, auth_json, subject, text_body, html_body, size, received_at, seen_at)
     values (?, ?, ?, 'shop@example.com', 'Shop', '[{"address":"someone@bench.test","name":""}]', '[]', '["123456"]', '[]', null, 'Your order 123456 has shipped', ?, ?, ?, ?, null)`,
  );
  const text = `Hello,\n\nYour order has shipped.\n${'Item line with some words in it. '.repeat(40)}\n`;
  const html = `<p>Hello,</p><p>Your order has shipped.</p>${'<p>Item line with some words in it.</p>'.repeat(40)}`;
  const expires = new Date(now + 30 * 86_400_000).toISOString();
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const a = i % addresses;
      if (i < addresses) insertAddress.run(`adr_s${a}`, account.id, `s${a}@bench.test`, `s${a}`, 'bench.test', new Date(now).toISOString(), expires);
      insertContent.run(`cnt_s${i}`, source.raw, source.encoding, source.size);
      insertMessage.run(`msg_s${String(i).padStart(8, '0')}`, `adr_s${a}`, `cnt_s${i}`, text, html, raw.length, new Date(now - (messages - i) * 10).toISOString());
    }
  });
  for (let i = 0; i < messages; i += 10_000) batch(i, Math.min(messages, i + 10_000));
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { dataDir, key, address: 's0@bench.test', rawBytes: raw.length * messages };
}

/** A seeded store served by dist/main.js, warmed up. */
async function serve(messages: number, requests: number) {
  const store = await seed(messages);
  const server = await startEphemail({ DATA_DIR: store.dataDir });
  const url = `${server.url}/api/v1/email/${encodeURIComponent(store.address)}/messages`;
  const headers = { authorization: `Bearer ${store.key}` };
  const list = async (amount: number) => {
    const r = await autocannon({ url, connections: 10, amount, headers, sampleInt: 10 });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`list on the ${messages}-message store: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { p50: r.latency.p50, p99: r.latency.p99 };
  };
  await list(Math.ceil(requests / 5)); // warm-up
  return {
    messages,
    rawBytes: store.rawBytes,
    list,
    bytesOnDisk: () =>
      fs
        .readdirSync(store.dataDir)
        .filter((f) => f.startsWith('ephemail.db'))
        .reduce((n, f) => n + fs.statSync(path.join(store.dataDir, f)).size, 0),
    async stop() {
      await server.stop();
      fs.rmSync(store.dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Report lines for the large-store row: both stores served at once and listed in alternating rounds (small then
 * large, then large then small, …), so both see the same machine state; the ratio is the median of the rounds'.
 */
export async function storeRows(opts: { large: number; small: number; requests: number; rounds: number; log: (line: string) => void }): Promise<string[]> {
  const small = await serve(opts.small, opts.requests);
  let large: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    large = await serve(opts.large, opts.requests);
    const runs = { small: [] as StoreResult[], large: [] as StoreResult[] };
    const ratios: number[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      const order = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
      for (const which of order) runs[which].push(await (which === 'small' ? small : large).list(opts.requests));
      const [s, l] = [runs.small.at(-1)!, runs.large.at(-1)!];
      ratios.push(l.p99 / Math.max(s.p99, 0.001));
      opts.log(`  round ${round + 1}: list p99 ${l.p99} ms with ${opts.large} messages, ${s.p99} ms with ${opts.small} (p50 ${l.p50} / ${s.p50} ms)`);
    }
    const p99Ratio = median(ratios);
    const [sp99, lp99] = [median(runs.small.map((r) => r.p99)), median(runs.large.map((r) => r.p99))];
    const [sp50, lp50] = [median(runs.small.map((r) => r.p50)), median(runs.large.map((r) => r.p50))];
    const bytesOnDisk = large.bytesOnDisk();
    const sizeRatio = bytesOnDisk / large.rawBytes;
    const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    return [
      `List 20 messages, SQLite, ${opts.large.toLocaleString('en')} messages over ${Math.floor(opts.large / 10).toLocaleString('en')} addresses against ${opts.small.toLocaleString('en')}, ${opts.rounds} alternating round${opts.rounds === 1 ? '' : 's'}: p99 ${lp99} ms against ${sp99} ms (p50 ${lp50} against ${sp50}): **${p99Ratio.toFixed(2)}×** (${spread}; goal ≤ 1.5× ${p99Ratio <= 1.5 ? '✓' : '✗'})`,
      `Store size for ${opts.large.toLocaleString('en')} messages of ${(large.rawBytes / opts.large / 1000).toFixed(1)} kB: ${(bytesOnDisk / 1e9).toFixed(2)} GB on disk for ${(large.rawBytes / 1e9).toFixed(2)} GB received: **${sizeRatio.toFixed(2)}×** (goal ≤ 1.5× ${sizeRatio <= 1.5 ? '✓' : '✗'})`,
    ];
  } finally {
    await large?.stop();
    await small.stop();
  }
}

// `npx tsx bench/store.ts [large] [small]` runs this row alone (five rounds).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [large = '1000000', small = '10000'] = process.argv.slice(2);
  for (const line of await storeRows({ large: Number(large), small: Number(small), requests: 3000, rounds: 5, log: console.log })) console.log(line);
  process.exit(0);
}

