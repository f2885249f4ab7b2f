import { eq } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  SCOPE_CLASSES,
  fenToYuan,
  type BusinessScopeView,
  type MemberCenterView,
  type StoreView,
  type UpdateUserInfoInput,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { forbidden, invalid, notFound } from '../../platform/errors.js';
import { CONTRACT_VERSION } from './contract.js';
import { listDocuments } from './documents.js';
import { members, serviceStaff } from './schema.js';
import { verifyCode } from './sms/service.js';

async function member(db: Queryable, memberId: number) {
  const [m] = await db.select().from(members).where(eq(members.id, memberId)).limit(1);
  if (!m) throw notFound();
  return m;
}

/** Name and phone; a new phone must be proven by a `change_phone` code sent to it. */
export async function updateUserInfo(db: Queryable, memberId: number, input: UpdateUserInfoInput, now: Date) {
  const m = await member(db, memberId);
  if (input.phone !== m.phone) {
    if (!input.code) throw invalid('code', '更换手机号需要短信验证码');
    await verifyCode(db, input.phone, 'change_phone', input.code, now);
  }
  await db
    .update(members)
    .set({ name: input.name, phone: input.phone, updatedAt: now })
    .where(eq(members.id, memberId));
}

/** The stores behind a mobile, only when it is the caller's own mobile. */
export async function storesOfPhone(db: Queryable, memberId: number, phone: string): Promise<StoreView[]> {
  const m = await member(db, memberId);
  if (!m.phone || m.phone !== phone) throw forbidden('只能查看本人手机号下的门店');
  const rows = await db.select().from(members).where(eq(members.phone, phone)).orderBy(members.id).limit(50);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    company: r.company,
    company_type: r.companyType,
    status: r.status,
    is_passed: r.status === 'approved' ? 1 : 0,
    is_current: r.id === memberId ? 1 : 0,
  }));
}

/** Checks that `targetId` is a store behind the caller's mobile (for switching store). */
export async function assertSameOwner(db: Queryable, memberId: number, targetId: number): Promise<void> {
  const m = await member(db, memberId);
  const [t] = await db.select({ phone: members.phone }).from(members).where(eq(members.id, targetId));
  if (!t || !m.phone || t.phone !== m.phone) throw notFound('门店不存在');
}

export async function businessScope(db: Queryable, memberId: number): Promise<BusinessScopeView> {
  const m = await member(db, memberId);
  return { scope: m.businessScope, all: [...SCOPE_CLASSES] };
}

/** The account's part of the member centre summary (/user); flows/member adds coupons and orders. */
export type AccountCenter = Omit<MemberCenterView, 'coupon_count' | 'orders'>;

/** The member, their service staff and their qualification state with the documents' warnings. */
export async function accountCenter(db: Queryable, memberId: number, now: Date): Promise<AccountCenter> {
  const m = await member(db, memberId);
  const [staff] = m.serviceStaffId
    ? await db.select().from(serviceStaff).where(eq(serviceStaff.id, m.serviceStaffId))
    : [];
  const docs = await listDocuments(db, memberId, now);
  // Only the latest document of each type matters for warnings (a renewal replaces the old one).
  const latest = new Map<string, (typeof docs)[number]>();
  for (const d of docs) if (d.status !== 'rejected' && !latest.has(d.type)) latest.set(d.type, d);
  const warnings = [...latest.values()]
    .filter((d) => d.expired || d.expiring)
    .map((d) => ({
      document_id: d.id,
      type: d.type,
      type_name: DOCUMENT_TYPES[d.type],
      valid_to: d.valid_to,
      days_left: d.days_left,
      expired: d.expired,
      message: d.expired
        ? `您的${d.type_name}已于${d.valid_to}过期，请尽快上传新证件`
        : `您的${d.type_name}将于${d.days_left}天后（${d.valid_to}）到期，请及时更新`,
    }));
  return {
    company: m.company,
    company_type: m.companyType,
    username: m.username,
    rank: m.rank,
    points: m.points,
    balance: fenToYuan(m.balance),
    admin: staff ? { name: staff.name, phone: staff.phone, qq: staff.qq } : null,
    qualification: {
      status: m.status,
      is_passed: m.status === 'approved' ? 1 : 0,
      reject_reason: m.rejectReason,
      warnings,
    },
    contract_signed: m.contractSignedAt && m.contractVersion === CONTRACT_VERSION ? 1 : 0,
  };
}
