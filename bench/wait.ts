/**
 * Waiting and finding cases for `npm run bench` (bench/run.ts runs them with its other cases): what a client
 * blocked in a long-poll wait adds to an SMTP delivery (the event bus hop, the store look-up and the answer), and
 * what the case-insensitive filters add to listing a mailbox.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { createAddress } from '../src/mail/addresses.js';
import type { BenchCase } from './case.js';

export function waitCases(ctx: {
  app: FastifyInstance;
  db: Db;
  config: Config;
  accountId: string;
  developerKey: string;
  /** The mailbox the other cases filled. */
  address: string;
  /** Delivers the bench message to `to` over SMTP and resolves on 250. */
  send: (to: string) => Promise<void>;
}): BenchCase[] {
  const { app, db, config, accountId, send } = ctx;
  const headers = { authorization: `Bearer ${ctx.developerKey}` };
  let n = 0;
  // A fresh address each time, in both sides, so "wait" waits for exactly this delivery.
  const fresh = async () => (await createAddress(db, config, accountId, { prefix: `wait-${++n}`, expires_in: 3600 })).address;
  return [
    {
      name: 'SMTP delivery answered to a client blocked in waitForMessages',
      baselineName: 'the same SMTP delivery with nobody waiting',
      baseline: async () => send(await fresh()),
      candidate: async () => {
        const to = await fresh();
        const answer = app.inject({ url: `/api/v1/email/${to}/messages/wait?timeout=20`, headers });
        await send(to);
        const res = await answer;
        if (res.json().count !== 1) throw new Error(`wait answered ${res.body}`);
      },
      ops: 50,
    },
    {
      name: 'list messages filtered by subject, from and unread',
      baselineName: 'list messages unfiltered',
      baseline: () => app.inject({ url: `/api/v1/email/${ctx.address}/messages`, headers }),
      candidate: () => app.inject({ url: `/api/v1/email/${ctx.address}/messages?subject=BENCH&from=example&unread=true`, headers }),
      ops: 200,
    },
  ];
}
