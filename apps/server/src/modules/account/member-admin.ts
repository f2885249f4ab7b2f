/**
 * The back office's view of members: the list by review state, one member with its
 * documents, and the fields an operator sets (scope, rank, customer-service admin).
 */
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  paginate,
  type AdminMemberDetail,
  type AdminMemberListQuery,
  type AdminMemberRow,
  type Paginated,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { documentView } from './documents.js';
import { members, serviceStaff, qualificationDocuments, uploadedFiles } from './schema.js';

const pendingDocs = sql<number>`(select count(*)::int from ${qualificationDocuments} d
  where d.member_id = "members"."id" and d.status = 'pending')`;

type MemberRow = typeof members.$inferSelect;
const row = (m: MemberRow, pending: number): AdminMemberRow => ({
  id: m.id,
  username: m.username,
  company: m.company,
  company_type: m.companyType,
  phone: m.phone,
  region: m.region,
  status: m.status,
  pending_documents: pending,
  created_at: m.createdAt.toISOString(),
});

/** Members by review state (pending first in the back office), newest first. */
export async function listMembers(
  db: Queryable,
  q: AdminMemberListQuery,
): Promise<Paginated<AdminMemberRow>> {
  const kw = q.keyword ? `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = and(
    eq(members.status, q.status),
    kw ? or(ilike(members.company, kw), ilike(members.username, kw), ilike(members.phone, kw)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(members).where(where);
  const rows = await db
    .select({ m: members, pending: pendingDocs })
    .from(members)
    .where(where)
    .orderBy(desc(members.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  return paginate(
    rows.map((r) => row(r.m, r.pending)),
    total?.n ?? 0,
    q,
  );
}

export async function memberDetail(db: Queryable, id: number, now: Date): Promise<AdminMemberDetail> {
  const [r] = await db.select({ m: members, pending: pendingDocs }).from(members).where(eq(members.id, id));
  if (!r) throw notFound('会员不存在');
  const docs = await db
    .select({ doc: qualificationDocuments, mime: uploadedFiles.mime })
    .from(qualificationDocuments)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, qualificationDocuments.fileId))
    .where(eq(qualificationDocuments.memberId, id))
    .orderBy(desc(qualificationDocuments.id));
  const m = r.m;
  return {
    ...row(m, r.pending),
    name: m.name,
    contact: m.contact,
    contact_phone: m.contactPhone,
    address: m.address,
    business_licence_no: m.businessLicenceNo,
    drug_licence_no: m.drugLicenceNo,
    scope: m.businessScope,
    rank: m.rank,
    service_staff_id: m.serviceStaffId,
    reject_reason: m.rejectReason,
    contract_signed_at: m.contractSignedAt?.toISOString() ?? null,
    documents: docs.map((d) => ({
      ...documentView({ ...d.doc, mime: d.mime }, now),
      image: `/api/admin/documents/${d.doc.id}/file`,
    })),
  };
}

async function updateMember(db: Queryable, id: number, set: Partial<MemberRow>): Promise<void> {
  const r = await db.update(members).set(set).where(eq(members.id, id)).returning({ id: members.id });
  if (r.length === 0) throw notFound('会员不存在');
}

export const setScope = (db: Queryable, id: number, scope: string[], now: Date) =>
  updateMember(db, id, { businessScope: scope, updatedAt: now });
export const setRank = (db: Queryable, id: number, rank: number, now: Date) =>
  updateMember(db, id, { rank, updatedAt: now });

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
