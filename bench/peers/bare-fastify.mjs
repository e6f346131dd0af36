// The bare-Fastify baseline of `npm run bench` (bench/peers.ts): a process of its own, like Ephemail, that
// answers each route with bytes recorded from Ephemail's answer to the same request, and nothing else (no key, no
// rate limit, no validation, no database). Plain JavaScript so that its start-up, also a baseline, compiles nothing.
// Usage: node bare-fastify.mjs PORT ROUTES.json [DATABASE_URL]
// (ROUTES: { "/path": { "type": "...", "body": "<base64>", "query"?: { "text": "...", "values": [...], "name"?: "..." } } })
// With DATABASE_URL, a route that has a `query` first runs it on PostgreSQL (a pool of 10, as Ephemail's) and then
// answers the same bytes: the least any answer that must ask the shared store costs (the bench's ceiling rows). A
// query with a `name` is prepared once per connection, as Ephemail prepares its own (POSTGRES_STATEMENT_CACHE).
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, routesFile, databaseUrl] = process.argv.slice(2);
const routes = routesFile ? JSON.parse(fs.readFileSync(routesFile, 'utf8')) : {};
const pool = databaseUrl ? new (await import('pg')).default.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
const app = Fastify({ logger: false });
app.get('/ready', async () => ({ status: 'ready' }));
for (const [url, { type, body, query }] of Object.entries(routes)) {
  const bytes = Buffer.from(body, 'base64');
  if (query && pool) {
    app.get(url, async (_request, reply) => {
      const { rows } = await pool.query(query.name ? { name: query.name, text: query.text, values: query.values } : { text: query.text, values: query.values });
      if (rows.length === 0) throw new Error(`${url}: the query found nothing`);
      return reply.type(type).send(bytes);
    });
  } else {
    app.get(url, (_request, reply) => reply.type(type).send(bytes));
  }
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
