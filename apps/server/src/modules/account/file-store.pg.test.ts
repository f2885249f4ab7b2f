import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.js';
import { seedAccounts } from '../../seed/accounts.js';
import { inDays } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';
import { LARGE_OBJECT_PIECE, filesOf } from './file-store.js';
import { qualificationDocuments, uploadedFiles } from './schema.js';

// Files in PostgreSQL large objects (decision 072). Needs DATABASE_URL (CI, npm run test:pg).
if (!process.env.DATABASE_URL) throw new Error('the server-pg tests need DATABASE_URL (a PostgreSQL server)');

let t: TestApp;
let demo: Client;
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  demo = new Client(t.app, '10.9.0.2');
  await demo.login('demo', 'demo123456');
});
afterAll(() => t.close());

const objects = async () =>
  rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from pg_largeobject_metadata`))[0]!
    .n;
const exists = async (oid: number | null) =>
  rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from pg_largeobject_metadata where oid = ${oid}::oid`),
  )[0]!.n === 1;
const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return chunks;
};
const JPG = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');

describe('large objects on PostgreSQL (decision 072)', () => {
  it('stores a file in pieces of 256 KB and streams it back a piece at a time', async () => {
    const store = filesOf(db());
    expect(store.root).toBeNull();
    const bytes = crypto.randomBytes(3 * LARGE_OBJECT_PIECE + 1000);
    const kept = await store.put(bytes, t.clock.now);
    expect(kept).toMatchObject({ bytes: null, path: null });
    const chunks = await read(await store.open({ largeObject: kept.largeObject! }));
    expect(chunks.map((c) => c.length)).toEqual([
      LARGE_OBJECT_PIECE,
      LARGE_OBJECT_PIECE,
      LARGE_OBJECT_PIECE,
      1000,
    ]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await store.discard(kept);
    expect(await exists(kept.largeObject)).toBe(false);
    await expect(store.open({ largeObject: kept.largeObject! })).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('keeps an uploaded document in a large object, not in the row', async () => {
    const before = await objects();
    const res = await postMultipart(demo, '/api/user/zizhi', {
      type: 'drug_licence',
      number: 'LO-1',
      valid_to: inDays(t.clock.now, 200),
      file: filePart(Buffer.concat([JPG, Buffer.alloc(300_000, 1)]), 'a.jpg'),
    });
    expect(res.status).toBe(200);
    const [row] = await db()
      .select({ f: uploadedFiles })
      .from(qualificationDocuments)
      .innerJoin(uploadedFiles, eq(uploadedFiles.id, qualificationDocuments.fileId))
      .where(eq(qualificationDocuments.id, res.body.data.id));
    expect(row!.f).toMatchObject({ bytes: null, path: null, size: 300_020 });
    expect(await exists(row!.f.largeObject)).toBe(true);
    expect(await objects()).toBe(before + 1);
  });

  it("unlinks a row's object when the row is deleted, and every object when the table is truncated", async () => {
    const res = await postMultipart(demo, '/api/user/zizhi', {
      type: 'drug_licence',
      number: 'LO-2',
      valid_to: inDays(t.clock.now, 200),
      file: filePart(Buffer.concat([JPG, Buffer.alloc(1000, 2)]), 'gone.jpg'),
    });
    const [doc] = await db()
      .select({ fileId: qualificationDocuments.fileId })
      .from(qualificationDocuments)
      .where(eq(qualificationDocuments.id, res.body.data.id));
    const [f] = await db().select().from(uploadedFiles).where(eq(uploadedFiles.id, doc!.fileId));
    expect(await exists(f!.largeObject)).toBe(true);
    await db().delete(qualificationDocuments).where(eq(qualificationDocuments.id, res.body.data.id));
    await db().delete(uploadedFiles).where(eq(uploadedFiles.id, f!.id));
    expect(await exists(f!.largeObject)).toBe(false);

    expect(await objects()).toBeGreaterThan(0);
    await db().execute(sql`truncate uploaded_files cascade`);
    expect(await objects()).toBe(0);
  });
});
