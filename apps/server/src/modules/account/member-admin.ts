/**
 * The back office's view of members: the list with search and filters, one member with its
 * documents, and the fields an operator sets (scope, licence numbers, rank, customer-service
 * admin, disabled).
 */
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  paginate,
  type AdminMemberDetail,
  type AdminMemberListQuery,
  type AdminMemberRow,
  type Paginated,
  type SetLicencesInput,
} from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import type { SessionCache } from '../../platform/session-cache.js';
import { documentView } from './documents.js';
import { members, serviceStaff, qualificationDocuments, uploadedFiles } from './schema.js';
import { forgetMemberSessions } from './sessions.js';
import { escapeLike } from '../../platform/db.js';

const pendingDocs = sql<number>`(select count(*)::int from ${qualificationDocuments} d
  where d.member_id = "members"."id" and d.status = 'pending')`;

type MemberRow = typeof members.$inferSelect;
const row = (m: MemberRow, pending: number, staffName: string | null): AdminMemberRow => ({
  id: m.id,
  username: m.username,
  company: m.company,
  company_type: m.companyType,
  phone: m.phone,
  region: m.region,
  status: m.status,
  pending_documents: pending,
  contact: m.contact,
  service_staff_id: m.serviceStaffId,
  service_staff_name: staffName ?? '',
  disabled: m.disabled,
  created_at: m.createdAt.toISOString(),
});

const like = (s: string) => `%${escapeLike(s)}%`;

function listWhere(q: AdminMemberListQuery): SQL | undefined {
  const kw = q.keyword ? like(q.keyword) : null;
  return and(
    q.status === 'all' ? undefined : eq(members.status, q.status),
    kw
      ? or(
          ilike(members.username, kw),
          ilike(members.company, kw),
          ilike(members.contact, kw),
          ilike(members.name, kw),
          ilike(members.phone, kw),
          ilike(members.contactPhone, kw),
          ilike(members.businessLicenceNo, kw),
          ilike(members.drugLicenceNo, kw),
        )
      : undefined,
    q.company_type ? eq(members.companyType, q.company_type) : undefined,
    q.region ? ilike(members.region, `${escapeLike(q.region)}%`) : undefined,
    q.service_staff_id === undefined
      ? undefined
      : q.service_staff_id === 0
        ? isNull(members.serviceStaffId)
        : eq(members.serviceStaffId, q.service_staff_id),
    q.disabled === undefined ? undefined : eq(members.disabled, q.disabled === 1),
  );
}

/** Members by review state and filters, newest first. */
export async function listMembers(
  db: Queryable,
  q: AdminMemberListQuery,
): Promise<Paginated<AdminMemberRow>> {
  const where = listWhere(q);
  const [total] = await db.select({ n: count() }).from(members).where(where);
  const rows = await db
    .select({ m: members, pending: pendingDocs, staff: serviceStaff.name })
    .from(members)
    .leftJoin(serviceStaff, eq(serviceStaff.id, members.serviceStaffId))
    .where(where)
    .orderBy(desc(members.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return paginate(
    rows.map((r) => row(r.m, r.pending, r.staff)),
    total?.n ?? 0,
    q,
  );
}

export async function memberDetail(db: Queryable, id: number, now: Date): Promise<AdminMemberDetail> {
  const [r] = await db
    .select({ m: members, pending: pendingDocs, staff: serviceStaff.name })
    .from(members)
    .leftJoin(serviceStaff, eq(serviceStaff.id, members.serviceStaffId))
    .where(eq(members.id, id));
  if (!r) throw notFound('会员不存在');
  const docs = await db
    .select({ doc: qualificationDocuments, mime: uploadedFiles.mime })
    .from(qualificationDocuments)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, qualificationDocuments.fileId))
    .where(eq(qualificationDocuments.memberId, id))
    .orderBy(desc(qualificationDocuments.id));
  const m = r.m;
  return {
    ...row(m, r.pending, r.staff),
    name: m.name,
    contact_phone: m.contactPhone,
    address: m.address,
    business_licence_no: m.businessLicenceNo,
    drug_licence_no: m.drugLicenceNo,
    scope: m.businessScope,
    rank: m.rank,
    reject_reason: m.rejectReason,
    contract_signed_at: m.contractSignedAt?.toISOString() ?? null,
    documents: docs.map((d) => ({
      ...documentView({ ...d.doc, mime: d.mime }, now),
      image: `/api/admin/documents/${d.doc.id}/file`,
    })),
  };
}

/** The fields an operator changes, as the audit log keeps them before and after. */
export async function memberSnapshot(db: Queryable, id: number) {
  const [m] = await db
    .select({
      company: members.company,
      status: members.status,
      scope: members.businessScope,
      business_licence_no: members.businessLicenceNo,
      drug_licence_no: members.drugLicenceNo,
      rank: members.rank,
      service_staff_id: members.serviceStaffId,
      disabled: members.disabled,
      reject_reason: members.rejectReason,
    })
    .from(members)
    .where(eq(members.id, id));
  if (!m) throw notFound('会员不存在');
  return m;
}

async function updateMember(db: Queryable, id: number, set: Partial<MemberRow>): Promise<void> {
  const r = await db.update(members).set(set).where(eq(members.id, id)).returning({ id: members.id });
  if (r.length === 0) throw notFound('会员不存在');
}

export const setScope = (db: Queryable, id: number, scope: string[], now: Date) =>
  updateMember(db, id, { businessScope: scope, updatedAt: now });
export const setRank = (db: Queryable, id: number, rank: number, now: Date) =>
  updateMember(db, id, { rank, updatedAt: now });

/** The licence numbers of the registration (those left out stay). */
export const setLicences = (db: Queryable, id: number, input: SetLicencesInput, now: Date) =>
  updateMember(db, id, {
    ...(input.business_licence_no === undefined ? {} : { businessLicenceNo: input.business_licence_no }),
    ...(input.drug_licence_no === undefined ? {} : { drugLicenceNo: input.drug_licence_no }),
    updatedAt: now,
  });

export async function setServiceStaff(
  db: Queryable,
  id: number,
  staffId: number | null,
  now: Date,
): Promise<void> {
  if (staffId !== null) {
    const [s] = await db
      .select({ id: serviceStaff.id })
      .from(serviceStaff)
      .where(eq(serviceStaff.id, staffId));
    if (!s) throw notFound('客服不存在');
  }
  await updateMember(db, id, { serviceStaffId: staffId, updatedAt: now });
}

/**
 * Disables (or enables) an account. Disabling ends every session the member holds
 * (`sessions_valid_after`, then their cached copies on every instance, as a password reset
 * does); a disabled member cannot log in (service.ts `loginMember`).
 */
export async function setDisabled(
  db: Db,
  id: number,
  disabled: boolean,
  now: Date,
  cache: SessionCache,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [m] = await tx
      .select({ disabled: members.disabled })
      .from(members)
      .where(eq(members.id, id))
      .for('update');
    if (!m) throw notFound('会员不存在');
    if (m.disabled === disabled) throw business(disabled ? '该账号已停用' : '该账号未停用');
    await tx
      .update(members)
      .set(disabled ? { disabled, sessionsValidAfter: now, updatedAt: now } : { disabled, updatedAt: now })
      .where(eq(members.id, id));
  });
  if (disabled) await forgetMemberSessions(db, [id], now, cache);
}

export async function listStaff(db: Queryable) {
  return db
    .select({
      id: serviceStaff.id,
      name: serviceStaff.name,
      phone: serviceStaff.phone,
      is_default: serviceStaff.isDefault,
    })
    .from(serviceStaff)
    .orderBy(serviceStaff.id);
}
