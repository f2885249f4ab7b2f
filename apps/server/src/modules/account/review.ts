/**
 * Operator review of a member's qualifications (docs/api/admin.md): approve or reject a
 * pending member with its documents, or one renewed document. The member gets a message, and
 * for the member's decision an SMS (`reviewSms`, sent by the route after the commit).
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/db.js';
import type { SmsProvider } from '../../providers/sms.js';
import { business, notFound } from '../../platform/errors.js';
import { postMessage } from './messages.js';
import { members, qualificationDocuments } from './schema.js';

/** Locks a member row for review; only members awaiting review may be approved or rejected. */
async function lockPendingMember(tx: Queryable, id: number): Promise<void> {
  const [m] = await tx
    .select({ status: members.status })
    .from(members)
    .where(eq(members.id, id))
    .for('update');
  if (!m) throw notFound('会员不存在');
  if (m.status !== 'pending') throw business('只能审核待审核的会员');
}

/** Approves a pending member and its pending documents; the member gets a message. */
export async function approveMember(db: Db, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPendingMember(tx, id);
    await tx
      .update(members)
      .set({ status: 'approved', rejectReason: '', updatedAt: now })
      .where(eq(members.id, id));
    await tx
      .update(qualificationDocuments)
      .set({ status: 'approved', reviewedAt: now })
      .where(and(eq(qualificationDocuments.memberId, id), eq(qualificationDocuments.status, 'pending')));
    await postMessage(
      tx,
      id,
      'review',
      '资质审核通过',
      '恭喜，您的资质已审核通过，现在可以采购了。请先签署电子合同。',
      now,
    );
  });
}

/** Rejects a pending member with a reason (shown to the member, who may fix and resubmit). */
export async function rejectMember(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPendingMember(tx, id);
    await tx
      .update(members)
      .set({ status: 'rejected', rejectReason: reason, updatedAt: now })
      .where(eq(members.id, id));
    await tx
      .update(qualificationDocuments)
      .set({ status: 'rejected', rejectReason: reason, reviewedAt: now })
      .where(and(eq(qualificationDocuments.memberId, id), eq(qualificationDocuments.status, 'pending')));
    await postMessage(
      tx,
      id,
      'review',
      '资质审核未通过',
      `您的资质审核未通过，原因：${reason}。请修改后重新提交。`,
      now,
    );
  });
}

/** Reviews one document (a renewal of an approved member); the member gets a message. */
export async function reviewDocument(
  db: Db,
  docId: number,
  decision: { approve: true } | { approve: false; reason: string },
  now: Date,
): Promise<{ memberId: number; type: string; number: string }> {
  return db.transaction(async (tx) => {
    const [d] = await tx.select().from(qualificationDocuments).where(eq(qualificationDocuments.id, docId));
    if (!d) throw notFound('证件不存在');
    if (d.status !== 'pending') throw business('该证件已审核');
    const reason = decision.approve ? '' : decision.reason;
    await tx
      .update(qualificationDocuments)
      .set({ status: decision.approve ? 'approved' : 'rejected', rejectReason: reason, reviewedAt: now })
      .where(eq(qualificationDocuments.id, docId));
    const title = decision.approve ? '证件审核通过' : '证件审核未通过';
    const text = decision.approve
      ? `您上传的证件（编号${d.number}）已审核通过。`
      : `您上传的证件（编号${d.number}）未通过审核，原因：${reason}。`;
    await postMessage(tx, d.memberId, 'review', title, text, now);
    return { memberId: d.memberId, type: d.type, number: d.number };
  });
}

/** The SMS a member gets when the review of the account is decided. */
export const REVIEW_SMS = {
  approved: '【康采医药网】您的企业资质已审核通过，现在可以登录采购。首次采购前请签署电子合同。',
  rejected: (reason: string) =>
    `【康采医药网】您的企业资质审核未通过，原因：${reason}。请登录后修改资料并重新提交。`,
};

/**
 * Texts the member's mobile (the account's, else the contact's) through the SMS provider.
 * False when the member has none.
 */
export async function smsMember(
  db: Queryable,
  sms: SmsProvider,
  memberId: number,
  content: string,
): Promise<boolean> {
  const [m] = await db
    .select({ phone: members.phone, contactPhone: members.contactPhone })
    .from(members)
    .where(eq(members.id, memberId));
  const mobile = m?.phone || m?.contactPhone;
  if (!mobile) return false;
  await sms.send(db, mobile, content);
  return true;
}
