import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  chinaDateTime,
  COUPON_KINDS,
  COUPON_SCOPES,
  fenToYuan,
  type CouponCenterItem,
  type CouponClaimState,
  type CouponClaimView,
  type CouponIssueView,
} from '@kc/domain';
import type { Db, Queryable } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { members } from '../account/schema.js';
import { couponExpiry } from './service.js';
import { couponTemplates, memberCoupons } from './schema.js';
import { couponText } from './view.js';
import { escapeLike } from '../../platform/db.js';

type TemplateRow = typeof couponTemplates.$inferSelect;

/** '2026-01-01 至 2026-03-31', or '领取后30天内有效'. */
export function validityText(t: Pick<TemplateRow, 'validDays' | 'validFrom' | 'validTo'>): string {
  if (t.validDays > 0) return `领取后${t.validDays}天内有效`;
  return `${chinaDateTime(t.validFrom).slice(0, 10)} 至 ${chinaDateTime(t.validTo).slice(0, 10)}`;
}

/** Claiming is open at `now`: published, inside its claim window and still valid. */
export const claimOpenSql = (now: Date) =>
  and(
    eq(couponTemplates.published, true),
    or(isNull(couponTemplates.claimStartsAt), lte(couponTemplates.claimStartsAt, now)),
    or(isNull(couponTemplates.claimEndsAt), gte(couponTemplates.claimEndsAt, now)),
    gte(couponTemplates.validTo, now),
  );

function isClaimOpen(t: TemplateRow, now: Date): boolean {
  return (
    t.published &&
    (!t.claimStartsAt || t.claimStartsAt <= now) &&
    (!t.claimEndsAt || t.claimEndsAt >= now) &&
    t.validTo >= now
  );
}

const STATE_TEXT: Record<CouponClaimState, string> = {
  claimable: '立即领取',
  claimed: '已领取',
  sold_out: '已领完',
  login: '登录领取',
  not_approved: '审核后领取',
};

/** A template as its coupon-centre card for a caller who holds `held` of it. */
export function centerItem(
  t: TemplateRow,
  viewer: 'visitor' | 'pending' | 'approved',
  held: number,
): CouponCenterItem {
  const remaining = t.total > 0 ? Math.max(0, t.total - t.claimed) : -1;
  const state: CouponClaimState =
    remaining === 0
      ? held > 0
        ? 'claimed'
        : 'sold_out'
      : viewer === 'visitor'
        ? 'login'
        : held >= t.perMember
          ? 'claimed'
          : viewer === 'pending'
            ? 'not_approved'
            : 'claimable';
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    kind_text: COUPON_KINDS[t.kind],
    threshold: fenToYuan(t.threshold),
    amount: fenToYuan(t.kind === 'discount' ? 0 : t.amount),
    rate: t.kind === 'discount' ? t.rate : 1000,
    face: t.kind === 'discount' ? `${t.rate / 100}折` : `¥${fenToYuan(t.amount).replace(/\.00$/, '')}`,
    text: couponText(t),
    scope: t.scope,
    scope_text: COUPON_SCOPES[t.scope],
    validity_text: validityText(t),
    valid_days: t.validDays,
    description: t.description,
    total: t.total,
    claimed: t.claimed,
    remaining,
    claimed_percent: t.total > 0 ? Math.min(100, Math.floor((t.claimed * 100) / t.total)) : 0,
    per_member: t.perMember,
    held,
    can_claim: state === 'claimable' ? 1 : 0,
    state,
    state_text: STATE_TEXT[state],
    claim_ends_at: chinaDateTime(t.claimEndsAt),
  };
}

/** How many of each template a member holds (any status). One query. */
async function heldCounts(
  db: Queryable,
  memberId: number,
  templateIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (templateIds.length === 0) return out;
  const rows = await db
    .select({ templateId: memberCoupons.templateId, n: count() })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.memberId, memberId), inArray(memberCoupons.templateId, templateIds)))
    .groupBy(memberCoupons.templateId);
  for (const r of rows) out.set(r.templateId, r.n);
  return out;
}

/** The caller as the coupon centre sees them: a visitor, a member under review, or approved. */
async function viewerOf(db: Queryable, memberId: number | null): Promise<'visitor' | 'pending' | 'approved'> {
  if (memberId == null) return 'visitor';
  const [m] = await db
    .select({ status: members.status, disabled: members.disabled })
    .from(members)
    .where(eq(members.id, memberId));
  if (!m) return 'visitor';
  return m.status === 'approved' && !m.disabled ? 'approved' : 'pending';
}

/**
 * `GET /api/coupon/center`: every published template open for claiming now, the newest
 * first, claimable ones before sold-out ones; with the caller's holdings. Two queries.
 */
export async function couponCenter(
  db: Queryable,
  memberId: number | null,
  now: Date,
): Promise<CouponCenterItem[]> {
  const [rows, viewer] = await Promise.all([
    db
      .select()
      .from(couponTemplates)
      .where(claimOpenSql(now))
      .orderBy(
        sql`case when ${couponTemplates.total} > 0 and ${couponTemplates.claimed} >= ${couponTemplates.total} then 1 else 0 end`,
        desc(couponTemplates.id),
      )
      .limit(200),
    viewerOf(db, memberId),
  ]);
  const held =
    memberId == null
      ? new Map<number, number>()
      : await heldCounts(
          db,
          memberId,
          rows.map((r) => r.id),
        );
  return rows.map((t) => centerItem(t, viewer, held.get(t.id) ?? 0));
}

/** Locks a template row (`for update`): every claim and issue of it queues here. */
async function lockTemplate(tx: Queryable, templateId: number): Promise<TemplateRow | null> {
  const [t] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, templateId)).for('update');
  return t ?? null;
}

/**
 * `POST /api/coupon/claim`: one coupon for an approved member, in one transaction under the
 * template's row lock: the claim window, the batch (`total`) and the member's limit
 * (`per_member`) are checked, `claimed` goes up by one and the member coupon is written
 * (source 'claim', its own end `valid_days` after now when the template says so).
 */
export async function claimCoupon(
  db: Db,
  memberId: number,
  templateId: number,
  now: Date,
): Promise<CouponClaimView> {
  const viewer = await viewerOf(db, memberId);
  if (viewer !== 'approved') throw business('资质审核通过后才能领取优惠券');
  return db.transaction(async (tx) => {
    const t = await lockTemplate(tx, templateId);
    if (!t || !t.published) throw notFound('优惠券不存在或已下架');
    if (t.claimStartsAt && t.claimStartsAt > now) throw business('领取尚未开始');
    if (!isClaimOpen(t, now)) throw business('领取已结束');
    if (t.total > 0 && t.claimed >= t.total) throw business('优惠券已领完');
    const held = (await heldCounts(tx, memberId, [t.id])).get(t.id) ?? 0;
    if (held >= t.perMember)
      throw business(t.perMember === 1 ? '您已领取过该优惠券' : `每人限领${t.perMember}张`);
    const expiresAt = couponExpiry(t, now);
    const [row] = await tx
      .insert(memberCoupons)
      .values({ memberId, templateId: t.id, source: 'claim', expiresAt, createdAt: now })
      .returning({ id: memberCoupons.id });
    const [after] = await tx
      .update(couponTemplates)
      .set({ claimed: sql`${couponTemplates.claimed} + 1` })
      .where(eq(couponTemplates.id, t.id))
      .returning();
    return {
      coupon_id: row!.id,
      expires_at: chinaDateTime(expiresAt ?? t.validTo),
      item: centerItem(after!, 'approved', held + 1),
    };
  });
}

/** One issue batch at most this many members (one transaction each). */
export const ISSUE_BATCH = 500;

/**
 * An operator's issue of a template to members: approved, enabled members each get one
 * coupon unless they already hold `per_member`; the batch stops at `total`. One transaction
 * per batch of members, under the template's row lock. Reports what was issued and who was
 * passed over, and why.
 */
export async function issueCoupons(
  db: Db,
  templateId: number,
  memberIds: number[],
  now: Date,
): Promise<CouponIssueView> {
  const out: CouponIssueView = { issued: 0, skipped: 0, reasons: [] };
  const skip = (member_id: number, reason: string) => {
    out.skipped += 1;
    if (out.reasons.length < 100) out.reasons.push({ member_id, reason });
  };
  const ids = [...new Set(memberIds)];
  for (let i = 0; i < ids.length; i += ISSUE_BATCH) {
    const batch = ids.slice(i, i + ISSUE_BATCH);
    await db.transaction(async (tx) => {
      const t = await lockTemplate(tx, templateId);
      if (!t) throw notFound('优惠券不存在');
      if (t.validTo < now) throw business('优惠券已过有效期，不能发放');
      const ok = new Set(
        (
          await tx
            .select({ id: members.id })
            .from(members)
            .where(
              and(inArray(members.id, batch), eq(members.status, 'approved'), eq(members.disabled, false)),
            )
        ).map((r) => r.id),
      );
      const held = new Map<number, number>();
      for (const r of await tx
        .select({ memberId: memberCoupons.memberId, n: count() })
        .from(memberCoupons)
        .where(and(eq(memberCoupons.templateId, t.id), inArray(memberCoupons.memberId, batch)))
        .groupBy(memberCoupons.memberId))
        held.set(r.memberId, r.n);
      let left = t.total > 0 ? Math.max(0, t.total - t.claimed) : Infinity;
      const give: number[] = [];
      for (const id of batch) {
        if (!ok.has(id)) skip(id, '会员不存在、未通过审核或已停用');
        else if ((held.get(id) ?? 0) >= t.perMember) skip(id, `已持有${t.perMember}张`);
        else if (left <= 0) skip(id, '发行量已用完');
        else {
          give.push(id);
          left -= 1;
        }
      }
      if (give.length === 0) return;
      const expiresAt = couponExpiry(t, now);
      await tx.insert(memberCoupons).values(
        give.map((memberId) => ({
          memberId,
          templateId: t.id,
          source: 'issue',
          expiresAt,
          createdAt: now,
        })),
      );
      await tx
        .update(couponTemplates)
        .set({ claimed: sql`${couponTemplates.claimed} + ${give.length}` })
        .where(eq(couponTemplates.id, t.id));
      out.issued += give.length;
    });
  }
  return out;
}

/** The approved, enabled members of a group (company type, region prefix), by id. */
export async function groupMembers(
  db: Queryable,
  group: { company_type?: string | undefined; region?: string | undefined },
): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.status, 'approved'),
        eq(members.disabled, false),
        group.company_type ? eq(members.companyType, group.company_type) : undefined,
        group.region ? sql`${members.region} like ${`${escapeLike(group.region)}%`}` : undefined,
      ),
    )
    .orderBy(asc(members.id));
  return rows.map((r) => r.id);
}
