import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOODS_IMAGE_RULES } from '@kc/domain';
import { rowsOf } from '../../platform/db.js';
import { seedAccounts } from '../../seed/accounts.js';
import { Client, createTestApp, type TestApp } from '../../test/helper.js';
import { filePart, postMultipart } from '../../test/multipart.js';

let t: TestApp;
let op: Client;

async function operator(ip: string, username: string) {
  const c = new Client(t.app, ip);
  await c.get('/api/health');
  expect((await c.post('/api/admin/login', { username, password: 'admin123456' })).body.code).toBe(10000);
  return c;
}

/** A real PNG of w×h grey pixels (signature, IHDR, IDAT, IEND with their CRCs). */
function png(w = 2, h = 2): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.concat(
    Array.from({ length: h }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(w, 0x80)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The leading bytes file-type reads a WebP by (RIFF….WEBPVP8 ). */
const webp = () =>
  Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x24, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(40),
  ]);

const upload = (c: Client, bytes: Buffer, name = 'photo.png', type = 'image/png') =>
  postMultipart(c, '/api/admin/goods/images', { file: filePart(bytes, name, type) });

beforeAll(async () => {
  t = await createTestApp();
  await seedAccounts(t.ctx.database.db, t.clock.now);
  op = await operator('10.13.0.1', 'admin');
});
afterAll(() => t.close());

describe('POST /api/admin/goods/images', () => {
  it('keeps a PNG and answers a public URL the storefront can show, immutable and typed', async () => {
    const bytes = png();
    const res = await upload(op, bytes);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(10000);
    const url: string = res.body.data.url;
    expect(url).toMatch(/^\/media\/\d+$/);

    // Anyone (no session at all) gets the same bytes back with the image's type.
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
  });

  it('takes JPG and WebP by their bytes, whatever the name says', async () => {
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
    const j = await upload(op, jpg, 'x.bin', 'application/octet-stream');
    expect(j.status).toBe(200);
    const w = await upload(op, webp(), 'y.png');
    expect(w.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: j.body.data.url })).headers['content-type']).toBe(
      'image/jpeg',
    );
    expect((await t.app.inject({ method: 'GET', url: w.body.data.url })).headers['content-type']).toBe(
      'image/webp',
    );
  });

  it('refuses what is not a JPG/PNG/WebP image with 422, keeping nothing', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(await t.ctx.database.db.execute('select count(*)::int as n from media'))[0]!.n;
    const before = await count();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name] of [
      [pdf, 'scan.pdf'],
      [Buffer.from('just some text, not a picture'), 'fake.png'],
      [svg, 'logo.svg'],
    ] as const) {
      const res = await upload(op, bytes, name);
      expect(res.status).toBe(422);
      expect(res.body.data.errors).toEqual({ file: '仅支持JPG、PNG或WebP图片' });
    }
    const empty = await upload(op, Buffer.alloc(0));
    expect(empty.status).toBe(422);
    expect((await postMultipart(op, '/api/admin/goods/images', { note: 'x' })).status).toBe(422);
    expect(await count()).toBe(before);
  });

  it('refuses an image over 5 MB with 422 (cut off while it streams)', async () => {
    const big = Buffer.concat([png(), Buffer.alloc(GOODS_IMAGE_RULES.maxBytes)]);
    const res = await upload(op, big, 'big.png');
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toEqual({ file: '图片不能超过5MB' });
  });

  it('refuses roles without goods.edit (403), members (403) and visitors (401)', async () => {
    for (const [ip, name] of [
      ['10.13.0.2', 'kefu'],
      ['10.13.0.3', 'cangku'],
      ['10.13.0.4', 'caiwu'],
    ] as const) {
      expect((await upload(await operator(ip, name), png())).status).toBe(403);
    }
    const demo = new Client(t.app, '10.13.0.5');
    await demo.login('demo', 'demo123456');
    expect((await upload(demo, png())).status).toBe(403);
    expect((await upload(new Client(t.app, '10.13.0.6'), png())).status).toBe(401);
  });

  it('is in the audit log as a goods_image', async () => {
    const rows = rowsOf<{ action: string; entity: string; summary: string; after: { url: string } }>(
      await t.ctx.database.db.execute(
        "select action, entity, summary, after from operator_audit where entity = 'goods_image' order by id",
      ),
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows[0]).toMatchObject({ action: 'goods_image.upload', entity: 'goods_image' });
    expect(rows[0]!.summary).toContain('photo.png');
    expect(rows[0]!.after.url).toMatch(/^\/media\/\d+$/);
  });
});
