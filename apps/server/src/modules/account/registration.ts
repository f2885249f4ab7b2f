import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  requiredDocuments,
  type DocumentType,
  type RegisterAccountInput,
  type RegisterCompanyInput,
  type RegistrationState,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError, business, notFound } from '../../platform/errors.js';
import { postMessage } from './messages.js';
import { members, qualificationDocuments } from './schema.js';
import { createMember } from './service.js';
import type { Providers } from '../../providers/index.js';
import { verifyCode } from './sms/service.js';

async function storesOf(db: Queryable, mobile: string) {
  return db.select({ id: members.id }).from(members).where(eq(members.phone, mobile)).limit(50);
}

async function assertUsernameFree(db: Queryable, username: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (row) throw new AppError('validation', '用户名已被注册', { username: '用户名已被注册' });
}

/**
 * Step 1 of `/register` (kind 'account': a new mobile) or `/register_dd` (kind 'store': a further
 * store behind a mobile that already has one). The account starts as 'draft'.
 */
export async function registerAccount(
  db: Queryable,
  providers: Providers,
  input: RegisterAccountInput,
  kind: 'account' | 'store',
  now: Date,
): Promise<number> {
  const existing = await storesOf(db, input.mobile);
  if (kind === 'account' && existing.length > 0) {
    throw new AppError('conflict', '该手机号已注册，如需添加门店请使用多店注册');
  }
  if (kind === 'store' && existing.length === 0) throw notFound('该手机号尚未注册，请先注册账号');
  await assertUsernameFree(db, input.username);
  let openid: string | null = null;
  if (input.wechat_code) {
    openid = (await providers.wechat.exchange(input.wechat_code)).openid;
    const [bound] = await db.select({ id: members.id }).from(members).where(eq(members.wechatOpenid, openid));
    if (bound) throw new AppError('conflict', '该微信已绑定其他账号');
  }
  await verifyCode(db, input.mobile, kind === 'account' ? 'register' : 'store', input.code, now);
  const id = await createMember(db, {
    username: input.username,
    password: input.password,
    name: '',
    phone: input.mobile,
    company: '',
    status: 'draft',
  });
  if (openid) await db.update(members).set({ wechatOpenid: openid }).where(eq(members.id, id));
  return id;
}

async function missingDocuments(
  db: Queryable,
  memberId: number,
  companyType: string,
): Promise<DocumentType[]> {
  const need = requiredDocuments(companyType);
  const have = await db
    .select({ type: qualificationDocuments.type })
    .from(qualificationDocuments)
    .where(
      and(
        eq(qualificationDocuments.memberId, memberId),
        inArray(qualificationDocuments.status, ['pending', 'approved']),
      ),
    );
  const got = new Set(have.map((h) => h.type));
  return need.filter((t) => !got.has(t));
}

export async function registrationState(db: Queryable, memberId: number): Promise<RegistrationState> {
  const [m] = await db.select().from(members).where(eq(members.id, memberId)).limit(1);
  if (!m) throw notFound();
  const companyDone = m.company !== '' && m.businessScope.length > 0;
  return {
    member_id: m.id,
    username: m.username,
    mobile: m.phone,
    status: m.status,
    step: m.status === 'draft' ? (companyDone ? 2 : 1) : 3,
    company_done: companyDone,
    missing_documents: await missingDocuments(db, memberId, m.companyType),
    reject_reason: m.rejectReason,
  };
}

async function assertEditable(db: Queryable, memberId: number) {
  const [m] = await db.select({ status: members.status }).from(members).where(eq(members.id, memberId));
  if (!m) throw notFound();
  if (m.status === 'pending') throw business('资质已提交，请等待审核');
  if (m.status === 'approved') throw business('账号已通过审核，如需变更请联系客服');
}

/** Step 2: company details and business scope (draft or rejected accounts only). */
export async function saveCompany(db: Queryable, memberId: number, c: RegisterCompanyInput, now: Date) {
  await assertEditable(db, memberId);
  await db
    .update(members)
    .set({
      company: c.company,
      companyType: c.company_type,
      name: c.contact,
      contact: c.contact,
      contactPhone: c.contact_phone,
      region: c.region,
      address: c.address,
      businessLicenceNo: c.business_licence_no,
      drugLicenceNo: c.drug_licence_no,
      businessScope: c.scope,
      updatedAt: now,
    })
    .where(eq(members.id, memberId));
}

/** Step 3: submits for review once the company and the required documents are in. */
export async function submitRegistration(db: Queryable, memberId: number, now: Date): Promise<void> {
  await assertEditable(db, memberId);
  const state = await registrationState(db, memberId);
  if (!state.company_done)
    throw new AppError('validation', '请先填写企业信息', { company: '请先填写企业信息' });
  const [m] = await db.select({ type: members.companyType }).from(members).where(eq(members.id, memberId));
  const missing = await missingDocuments(db, memberId, m!.type);
  if (missing.length > 0) {
    throw new AppError(
      'validation',
      '请上传必需的资质证件',
      Object.fromEntries(missing.map((t) => [t, '请上传'])),
    );
  }
  await db
    .update(members)
    .set({ status: 'pending', rejectReason: '', updatedAt: now })
    .where(eq(members.id, memberId));
  await postMessage(
    db,
    memberId,
    'review',
    '资质已提交',
    '您的资质已提交，平台将在1个工作日内完成审核。',
    now,
  );
}
