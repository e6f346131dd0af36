// The bare-Fastify baseline of `npm run bench` (bench/peers.ts): a process of its own, like Ephemail, that
// answers each route with bytes recorded from Ephemail's answer to the same request, and nothing else (no key, no
// rate limit, no validation, no database). Plain JavaScript so that its start-up, also a baseline, compiles nothing.
// Usage: node bare-fastify.mjs PORT ROUTES.json  (ROUTES: { "/path": { "type": "...", "body": "<base64>" } })
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, routesFile] = process.argv.slice(2);
const routes = routesFile ? JSON.parse(fs.readFileSync(routesFile, 'utf8')) : {};
const app = Fastify({ logger: false });
app.get('/ready', async () => ({ status: 'ready' }));
for (const [url, { type, body }] of Object.entries(routes)) {
  const bytes = Buffer.from(body, 'base64');
  app.get(url, (_request, reply) => reply.type(type).send(bytes));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
