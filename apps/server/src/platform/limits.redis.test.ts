/**
 * Limits on Redis (REDIS_URL): two app instances share one login limit. They are given two
 * databases on purpose, so the only thing they share is Redis. Run with `npm run test:redis`.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../seed/accounts.js';
import { Client, createTestAppOn, openTestDatabase, type TestApp } from '../test/helper.js';
import { rowsOf } from './db.js';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) throw new Error('REDIS_URL must name a Redis server (npm run test:redis sets it)');

let a: TestApp;
let b: TestApp;
const drops: (() => Promise<void>)[] = [];

async function instance(limitsPrefix: string): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  drops.push(drop);
  await seedAccounts(database.db);
  return createTestAppOn(database, { REDIS_URL: REDIS_URL! }, { limitsPrefix });
}

beforeAll(async () => {
  // A fresh key prefix: parallel runs on one Redis do not share counts.
  const prefix = `kc:test:${crypto.randomUUID()}:limit:`;
  a = await instance(prefix);
  b = await instance(prefix);
});
afterAll(async () => {
  await a.close();
  await b.close();
  for (const drop of drops) await drop();
});

const wrong = (c: Client, username: string) => c.login(username, 'wrong-password');

describe('login limits on Redis, shared by two instances', () => {
  it('refuses the 11th failure on one instance after 10 on the other', async () => {
    const onA = new Client(a.app, '10.50.0.1');
    const onB = new Client(b.app, '10.50.0.2');
    for (let i = 0; i < 10; i++) expect((await wrong(i % 2 ? onA : onB, 'demo')).status).toBe(400);
    expect((await onB.login('demo', 'demo123456')).status).toBe(429);
    expect((await onA.login('demo', 'demo123456')).status).toBe(429);
    // The counts live in Redis: neither database holds one.
    for (const t of [a, b]) {
      const rows = rowsOf(await t.ctx.database.db.execute(sql`select key from rate_limits`));
      expect(rows).toHaveLength(0);
    }
  });

  it('lets 30 concurrent wrong passwords over both instances verify at most 10 times', async () => {
    const clients = [new Client(a.app, '10.50.1.1'), new Client(b.app, '10.50.1.2')];
    await Promise.all(clients.map((c) => c.get('/api/health')));
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => wrong(clients[i % 2]!, 'pending')),
    );
    expect(replies.filter((r) => r.status === 400)).toHaveLength(10);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(20);
  });
});
