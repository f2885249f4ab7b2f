import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../seed/accounts.js';
import { PNG_PART, download, inDays } from '../../test/account-fixtures.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, multipartBody, postMultipart } from '../../test/multipart.js';
import { documentFieldsSchema, uploadDocument } from './documents.js';
import { rowsOf } from '../../platform/db.js';
import { LARGE_OBJECT_PIECE, filesOf } from './file-store.js';
import { qualificationDocuments, uploadedFiles } from './schema.js';
import { checkFile } from './uploads.js';

let t: TestApp;
let demo: Client;
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(db(), t.clock.now);
  demo = new Client(t.app, '10.9.0.1');
  await demo.login('demo', 'demo123456');
});
afterAll(() => t.close());

/** Files the store keeps: on disk with PGlite, large objects on PostgreSQL. */
const stored = async () => {
  const root = filesOf(db()).root;
  if (!root) {
    const [lo] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from pg_largeobject_metadata`),
    );
    return lo!.n;
  }
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
};
/** Rows in the two tables an upload writes, and the files kept: a refused upload leaves all alone. */
const written = async () => {
  const [files] = await db().select({ n: count() }).from(uploadedFiles);
  const [docs] = await db().select({ n: count() }).from(qualificationDocuments);
  return { files: files!.n, docs: docs!.n, stored: await stored() };
};
const fields = () => ({ type: 'drug_licence', number: 'U-1', valid_to: inDays(t.clock.now, 200) });
const JPG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(9000, 7),
]);

describe('multipart uploads (decision 045)', () => {
  it('accepts a JPG, typed by content whatever the name says', async () => {
    const res = await postMultipart(demo, '/api/user/zizhi', {
      ...fields(),
      file: filePart(JPG, 'scan.pdf'),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mime: 'image/jpeg', status: 'pending' });
  });

  it('refuses a 6 MB file while it streams, and writes nothing', async () => {
    const before = await written();
    const big = Buffer.concat([JPG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await postMultipart(demo, '/api/user/zizhi', { ...fields(), file: filePart(big, 'big.jpg') });
    expect(res).toMatchObject({ status: 422, body: { code: 422, msg: '文件不能超过5MB' } });
    expect(await written()).toEqual(before);
  });

  it.each([
    ['an HTML page', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'.repeat(100))],
    ['a Windows executable', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(5000, 1)])],
    ['a ZIP archive', Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(5000, 0)])],
  ])('refuses %s renamed .jpg', async (_, bytes) => {
    const before = await written();
    const file = filePart(bytes, 'licence.jpg', 'image/jpeg');
    const res = await postMultipart(demo, '/api/user/zizhi', { ...fields(), file });
    expect(res).toMatchObject({ status: 422, body: { msg: '仅支持JPG、PNG或PDF文件' } });
    expect(await written()).toEqual(before);
  });

  it('refuses a second file, too many fields and a file under another name', async () => {
    const before = await written();
    const two = await postMultipart(demo, '/api/user/zizhi', { ...fields(), file: [PNG_PART, PNG_PART] });
    expect(two).toMatchObject({ status: 422, body: { msg: '每次只能上传一个文件' } });
    const extra = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`x${i}`, 'y']));
    const many = await postMultipart(demo, '/api/user/zizhi', { ...fields(), ...extra, file: PNG_PART });
    expect(many).toMatchObject({ status: 413, body: { code: 413, msg: '提交的内容过大' } });
    const other = await postMultipart(demo, '/api/user/zizhi', { ...fields(), avatar: PNG_PART });
    expect(other.status).toBe(422);
    expect(await written()).toEqual(before);
  });

  it('answers a malformed multipart body with a 400, and takes a file part without a name', async () => {
    const cut = '--b0\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG';
    const truncated = await demo.postRaw(
      '/api/user/zizhi',
      Buffer.from(cut),
      'multipart/form-data; boundary=b0',
    );
    expect(truncated).toMatchObject({ status: 400, body: { code: 400, msg: '请求格式有误' } });
    const bare = [
      ...['type', 'number', 'valid_to'].map(
        (k) =>
          `--b1\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(fields()[k as 'type'])}\r\n`,
      ),
      '--b1\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\n',
    ].join('');
    const body = Buffer.concat([Buffer.from(bare), PNG_PART.bytes, Buffer.from('\r\n--b1--\r\n')]);
    const unnamed = await demo.postRaw('/api/user/zizhi', body, 'multipart/form-data; boundary=b1');
    expect(unnamed.body.data).toMatchObject({ mime: 'image/png' });
    const noBoundary = await demo.postRaw('/api/user/zizhi', Buffer.from('x'), 'multipart/form-data');
    expect(noBoundary.status).toBe(400);
  });

  it('refuses a NUL in a field and multipart on a call that takes no files', async () => {
    const nul = await postMultipart(demo, '/api/user/zizhi', {
      ...fields(),
      number: 'a\u0000b',
      file: PNG_PART,
    });
    expect(nul).toMatchObject({ status: 422, body: { msg: '内容含有不允许的字符' } });
    const { payload, contentType } = await multipartBody({ name: 'x' });
    const elsewhere = await demo.postRaw('/api/user/address', payload, contentType);
    expect(elsewhere).toMatchObject({ status: 415, body: { code: 415 } });
  });

  it('limits each member to 60 upload calls an hour, counted before the body is read', async () => {
    const m = new Client(t.app, '10.9.0.3');
    await m.login('demo_bj', 'demo123456');
    const before = await written();
    const replies = [];
    // Calls without a file are refused (422) but still count: the limit guards the reading.
    for (let i = 0; i < 61; i++) replies.push((await postMultipart(m, '/api/user/zizhi', fields())).status);
    expect(replies.slice(0, 60).every((s) => s === 422)).toBe(true);
    const last = await postMultipart(m, '/api/user/zizhi', { ...fields(), file: PNG_PART });
    expect(last).toMatchObject({ status: 429, body: { code: 429, msg: '上传过于频繁，请稍后再试' } });
    expect(replies[60]).toBe(429);
    expect(await written()).toEqual(before);
  });

  it('refuses a visitor on every upload call', async () => {
    const visitor = new Client(t.app, '10.9.0.2');
    await visitor.get('/api/health');
    for (const url of ['/api/user/zizhi', '/api/order/1/hm_receipt', '/api/order/1/return']) {
      const res = await postMultipart(visitor, url, { ...fields(), file: PNG_PART, photos: PNG_PART });
      expect(res.status).toBe(401);
    }
  });
});

describe('file store (decision 045)', () => {
  const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
  const docFile = (docId: number) =>
    db()
      .select({ f: uploadedFiles })
      .from(qualificationDocuments)
      .innerJoin(uploadedFiles, eq(uploadedFiles.id, qualificationDocuments.fileId))
      .where(eq(qualificationDocuments.id, docId));

  it('keeps the bytes on disk with PGlite (in a large object on PostgreSQL) and reads them back unchanged', async () => {
    const before = await written();
    const res = await postMultipart(demo, '/api/user/zizhi', { ...fields(), file: filePart(JPG, 'a.jpg') });
    expect(res.status).toBe(200);
    const [{ f }] = (await docFile(res.body.data.id)) as [{ f: typeof uploadedFiles.$inferSelect }];
    expect(f).toMatchObject({
      mime: 'image/jpeg',
      name: 'a.jpg',
      size: JPG.length,
      sha256: sha(JPG),
      bytes: null,
    });
    expect(await written()).toEqual({
      files: before.files + 1,
      docs: before.docs + 1,
      stored: before.stored + 1,
    });
    const root = filesOf(db()).root;
    if (t.ctx.database.kind === 'pglite') {
      expect(f.largeObject).toBeNull();
      expect(fs.readFileSync(path.join(root!, f.path!)).equals(JPG)).toBe(true);
    } else {
      expect(root).toBeNull();
      expect(f.path).toBeNull();
      const [lo] = rowsOf<{ bytes: Buffer }>(
        await db().execute(sql`select lo_get(${f.largeObject}::oid) as bytes`),
      );
      expect(Buffer.from(lo!.bytes).equals(JPG)).toBe(true);
    }
    const back = await download(t.app, demo, res.body.data.image);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.rawPayload.equals(JPG)).toBe(true);
  });

  it('stores and serves a file of several pieces whole (a piece is what one statement carries)', async () => {
    const big = Buffer.concat([JPG, crypto.randomBytes(2 * LARGE_OBJECT_PIECE + 12_345)]);
    const res = await postMultipart(demo, '/api/user/zizhi', { ...fields(), file: filePart(big, 'big.jpg') });
    expect(res.status).toBe(200);
    const back = await download(t.app, demo, res.body.data.image);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.length).toBe(big.length);
    expect(sha(back.rawPayload)).toBe(sha(big));
  });

  it('serves the seeded documents through the same store', async () => {
    const list = await demo.get('/api/user/zizhi');
    const seeded = list.body.data.at(-1);
    const back = await download(t.app, demo, seeded.image);
    expect(back).toMatchObject({ statusCode: 200, headers: { 'content-type': 'application/pdf' } });
    expect(back.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('removes the file of a transaction that fails', async () => {
    const before = await written();
    const input = documentFieldsSchema.parse(fields());
    // No member 2,000,000,000: the row's foreign key fails inside the transaction.
    const failing = uploadDocument(db(), 2_000_000_000, input, await checkFile(JPG), t.clock.now);
    await expect(failing).rejects.toThrow();
    expect(await written()).toEqual(before);
  });
});
