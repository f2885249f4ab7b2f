import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../platform/db.js';
import type { Client } from './helper.js';
import { filePart, postMultipart } from './multipart.js';
import { smsOutbox } from '../modules/account/schema.js';

/** The last code the development SMS provider "sent" to a mobile (tests read the outbox). */
export async function lastCode(db: Queryable, mobile: string): Promise<string> {
  const [row] = await db
    .select({ content: smsOutbox.content })
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = /验证码 (\d{6})/.exec(row?.content ?? '')?.[1];
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  return code;
}

/** A small valid PNG (1×1), base64. */
export const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** PNG_1PX as a file part of a multipart upload. */
export const PNG_PART = filePart(Buffer.from(PNG_1PX, 'base64'), 'licence.png', 'image/png');
/** A Windows executable's first bytes ("MZ…"), which a renamed .jpg cannot hide. */
export const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(256, 1),
]);

export const inDays = (now: Date, n: number) =>
  new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);

/** Sends a code and moves on: the client must already have the XSRF cookie. */
export async function requestCode(c: Client, mobile: string, scene: string) {
  return c.post('/api/user/create_code', { mobile, scene });
}

export const companyBody = (who: { company: string; mobile: string; region?: string }) => ({
  company: who.company,
  company_type: '药店',
  contact: '张三',
  contact_phone: who.mobile,
  region: who.region ?? '浙江省 杭州市 上城区',
  address: '解放路 100 号',
  business_licence_no: '91330102MA2AAAAA1X',
  drug_licence_no: '浙AA5710999',
  scope: ['化学药制剂', '中成药'],
});

/** GETs a non-JSON body (a document file) with the client's cookies. */
export async function download(app: FastifyInstance, c: Client, url: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** Registers a complete pharmacy through the calls (steps 1–3) and returns its id. */
export async function registerPharmacy(
  c: Client,
  db: Queryable,
  now: Date,
  who: { username: string; mobile: string; company: string; region?: string },
): Promise<number> {
  await c.get('/api/health');
  const sent = await requestCode(c, who.mobile, 'register');
  if (sent.body.code !== 10000) throw new Error(sent.body.msg);
  const step1 = await c.post('/api/register/account', {
    username: who.username,
    password: 'Passw0rd123',
    mobile: who.mobile,
    code: await lastCode(db, who.mobile),
    agreement: 1,
  });
  if (step1.body.code !== 10000) throw new Error(step1.body.msg);
  const step2 = await c.post('/api/register/company', companyBody(who));
  if (step2.body.code !== 10000) throw new Error(step2.body.msg);
  for (const type of ['business_licence', 'drug_licence']) {
    const up = await postMultipart(c, '/api/user/zizhi', {
      type,
      number: `NO-${type}`,
      valid_to: inDays(now, 365),
      file: PNG_PART,
    });
    if (up.body.code !== 10000) throw new Error(up.body.msg);
  }
  const step3 = await c.post('/api/register/submit');
  if (step3.body.code !== 10000) throw new Error(step3.body.msg);
  return step1.body.data.state.member_id as number;
}
