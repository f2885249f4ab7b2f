import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  COUPON_KINDS,
  fenToYuan,
  MEMBER_COUPON_STATUS_TEXT,
  type CouponKind,
  type CouponScope,
  type MemberCouponPage,
  type MemberCouponQuery,
  type MemberCouponStatus,
  type MemberCouponView,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { couponTemplates, memberCoupons } from './schema.js';

const SCOPE_TEXT: Record<CouponScope, string> = {
  all: '全场通用',
  categories: '指定分类可用',
  goods: '指定商品可用',
  brand: '指定品牌可用',
};

const SOURCE_TEXT: Record<string, string> = {
  claim: '领券中心领取',
  issue: '平台发放',
  draw: '抽奖获得',
  seed: '平台发放',
};

/** Types of the coupon list: 1 优惠券 (满减, 折扣), 2 现金券. */
const TYPE_KINDS: Record<1 | 2, CouponKind[]> = { 1: ['manjian', 'discount'], 2: ['cash'] };

/** The member coupon's end: its own expires_at when set, else the template's valid_to. */
const validTo = sql<Date>`coalesce(${memberCoupons.expiresAt}, ${couponTemplates.validTo})`.mapWith(
  couponTemplates.validTo,
);
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The list's status of a member coupon at `now`: 'used'; 'expired' when marked so or unused
 * past its end; else 'unused' (usable now, or not yet started).
 */
function statusCond(status: MemberCouponStatus, now: Date): SQL {
  if (status === 'used') return eq(memberCoupons.status, 'used');
  if (status === 'expired')
    return or(
      eq(memberCoupons.status, 'expired'),
      and(eq(memberCoupons.status, 'unused'), sql`${validTo} < ${at(now)}`),
    )!;
  return and(eq(memberCoupons.status, 'unused'), sql`${validTo} >= ${at(now)}`)!;
}

function couponText(kind: CouponKind, threshold: number, amount: number, rate: number): string {
  const over = threshold > 0 ? `满${fenToYuan(threshold)}` : '';
  if (kind === 'manjian') return `满${fenToYuan(threshold)}减${fenToYuan(amount)}`;
  if (kind === 'discount') return `${over ? `${over}享` : ''}${rate / 100}折`;
  return `${over ? `${over}可用` : '无门槛'}`;
}

/**
 * `GET /api/user/coupon`: the member's coupons of a status (and type), the unused ones first
 * to expire first, the others newest first; with the count of each status for the tabs.
 */
export async function memberCouponList(
  db: Queryable,
  memberId: number,
  q: MemberCouponQuery,
  now: Date,
): Promise<MemberCouponPage> {
  const base: SQL[] = [eq(memberCoupons.memberId, memberId)];
  if (q.type) base.push(inArray(couponTemplates.kind, TYPE_KINDS[q.type as 1 | 2]));
  const cond = and(...base, statusCond(q.status, now));
  const from = () =>
    db
      .select({ n: count() })
      .from(memberCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId));
  const statuses: MemberCouponStatus[] = ['unused', 'used', 'expired'];
  const [rows, ...totals] = await Promise.all([
    db
      .select({
        id: memberCoupons.id,
        status: memberCoupons.status,
        usedAt: memberCoupons.usedAt,
        usedOrderId: memberCoupons.usedOrderId,
        source: memberCoupons.source,
        createdAt: memberCoupons.createdAt,
        validTo,
        name: couponTemplates.name,
        kind: couponTemplates.kind,
        threshold: couponTemplates.threshold,
        amount: couponTemplates.amount,
        rate: couponTemplates.rate,
        scope: couponTemplates.scope,
        description: couponTemplates.description,
        validFrom: couponTemplates.validFrom,
      })
      .from(memberCoupons)
      .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
      .where(cond)
      .orderBy(
        ...(q.status === 'unused'
          ? [asc(validTo), asc(memberCoupons.id)]
          : [desc(sql`coalesce(${memberCoupons.usedAt}, ${validTo})`), desc(memberCoupons.id)]),
      )
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ...statuses.map((s) => from().where(and(...base, statusCond(s, now)))),
  ]);
  const counts = Object.fromEntries(statuses.map((s, i) => [s, totals[i]?.[0]?.n ?? 0])) as Record<
    MemberCouponStatus,
    number
  >;
  const total = counts[q.status];
  const list = rows.map((r): MemberCouponView => {
    const end = new Date(r.validTo);
    const status: MemberCouponStatus =
      r.status === 'used' ? 'used' : r.status === 'expired' || end < now ? 'expired' : 'unused';
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      kind_text: COUPON_KINDS[r.kind],
      type: r.kind === 'cash' ? 2 : 1,
      text: couponText(r.kind, r.threshold, r.amount, r.rate),
      threshold: fenToYuan(r.threshold),
      amount: fenToYuan(r.kind === 'discount' ? 0 : r.amount),
      rate: r.kind === 'discount' ? r.rate : 1000,
      scope_text: SCOPE_TEXT[r.scope],
      description: r.description,
      valid_from: chinaDateTime(r.validFrom),
      valid_to: chinaDateTime(end),
      status,
      status_text: MEMBER_COUPON_STATUS_TEXT[status],
      not_started: status === 'unused' && r.validFrom > now ? 1 : 0,
      used_at: r.usedAt ? chinaDateTime(r.usedAt) : '',
      used_order_id: r.usedOrderId,
      source: SOURCE_TEXT[r.source] ?? '平台发放',
      received_at: chinaDateTime(r.createdAt),
    };
  });
  return {
    list,
    total,
    page: q.page,
    page_size: q.page_size,
    total_page: Math.ceil(total / q.page_size),
    counts,
  };
}
