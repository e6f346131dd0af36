import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { loadConfig } from '../src/config.js';
import { createAccount } from '../src/services/accounts.js';
import { createAddress, deleteAddress } from '../src/services/addresses.js';
import { ingestMessage } from '../src/services/messages.js';
const schema = `t_${randomBytes(4).toString('hex')}`;
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', dataDir: '', pgSchema: schema });
const config = loadConfig({ MAIL_DOMAINS: 'x.test', DNS_SERVERS: '127.0.0.1:9' });
const acc = await createAccount(database.db, 'a@example.com', 'developer');
try {
for (let r = 0; r < 10; r++) {
  const a = await createAddress(database.db, config, acc.id, { prefix: `a${r}` });
  const b = await createAddress(database.db, config, acc.id, { prefix: `b${r}` });
  for (let i = 0; i < 5; i++) await ingestMessage(database.db, Buffer.from(`Subject: m${i}\r\n\r\nx\r\n`), [{ addressId: a.id, accountId: acc.id, address: a.address }, { addressId: b.id, accountId: acc.id, address: b.address }]);
  const res = await Promise.allSettled([deleteAddress(database.db, acc.id, a.address), deleteAddress(database.db, acc.id, b.address)]);
  for (const x of res) if (x.status === 'rejected') console.log('ERR', (x.reason as Error).message);
}
const left = await sql`select count(*) as n from message_contents`.execute(database.db);
console.log('contents left', left.rows);
} finally {
await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
await database.close();
}
