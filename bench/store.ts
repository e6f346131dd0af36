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

import SQLite from 'better-sqlite3';
import autocannon from 'autocannon';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { openDatabase } from '../src/db/database.js';
import { encodeSource } from '../src/db/messages.js';
import { createAccount } from '../src/identity/accounts.js';
import { createKey } from '../src/identity/keys.js';
import { startEphemail } from './peers.js';

interface StoreResult {
  messages: number;
  p50: number;
  p99: number;
  bytesOnDisk: number;
  rawBytes: number;
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

async function measure(messages: number, requests: number): Promise<StoreResult> {
  const store = await seed(messages);
  const server = await startEphemail({ DATA_DIR: store.dataDir });
  try {
    const url = `${server.url}/api/v1/email/${encodeURIComponent(store.address)}/messages`;
    const headers = { authorization: `Bearer ${store.key}` };
    await autocannon({ url, connections: 10, amount: Math.ceil(requests / 5), headers, sampleInt: 10 }); // warm-up
    const r = await autocannon({ url, connections: 10, amount: requests, headers, sampleInt: 10 });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`list on the ${messages}-message store: ${r.non2xx} non-2xx, ${r.errors} errors`);
    const files = fs.readdirSync(store.dataDir).filter((f) => f.startsWith('ephemail.db'));
    const bytesOnDisk = files.reduce((n, f) => n + fs.statSync(path.join(store.dataDir, f)).size, 0);
    return { messages, p50: r.latency.p50, p99: r.latency.p99, bytesOnDisk, rawBytes: store.rawBytes };
  } finally {
    await server.stop();
    fs.rmSync(store.dataDir, { recursive: true, force: true });
  }
}

/** Report lines for the large-store row. */
export async function storeRows(opts: { large: number; small: number; requests: number; log: (line: string) => void }): Promise<string[]> {
  const small = await measure(opts.small, opts.requests);
  opts.log(`store of ${small.messages} messages: list p50 ${small.p50} ms, p99 ${small.p99} ms`);
  const large = await measure(opts.large, opts.requests);
  opts.log(`store of ${large.messages} messages: list p50 ${large.p50} ms, p99 ${large.p99} ms`);
  const p99Ratio = large.p99 / Math.max(small.p99, 0.001);
  const sizeRatio = large.bytesOnDisk / large.rawBytes;
  return [
    `List 20 messages, SQLite, ${large.messages.toLocaleString('en')} messages over ${Math.floor(large.messages / 10).toLocaleString('en')} addresses against ${small.messages.toLocaleString('en')}: p99 ${large.p99} ms against ${small.p99} ms (p50 ${large.p50} against ${small.p50}): **${p99Ratio.toFixed(2)}×** (goal ≤ 1.5× ${p99Ratio <= 1.5 ? '✓' : '✗'})`,
    `Store size for ${large.messages.toLocaleString('en')} messages of ${(large.rawBytes / large.messages / 1000).toFixed(1)} kB: ${(large.bytesOnDisk / 1e9).toFixed(2)} GB on disk for ${(large.rawBytes / 1e9).toFixed(2)} GB received: **${sizeRatio.toFixed(2)}×** (goal ≤ 1.5× ${sizeRatio <= 1.5 ? '✓' : '✗'})`,
  ];
}

// `npx tsx bench/store.ts [large] [small]` runs this row alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [large = '1000000', small = '10000'] = process.argv.slice(2);
  for (const line of await storeRows({ large: Number(large), small: Number(small), requests: 3000, log: console.log })) console.log(line);
  process.exit(0);
}

