import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { CouponKind, CouponRule, CouponScope, Fen } from '@kc/domain';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { invalid } from '../../platform/errors.js';
import { goods } from '../catalog/schema.js';
import { couponTemplates, memberCoupons } from './schema.js';

export { couponOptionView } from './view.js';

export interface NewCouponTemplate {
  name: string;
  kind: CouponKind;
  /** Fen. */
  threshold?: number;
  /** Fen off (满减, 现金券). */
  amount?: number;
  /** Per-mille (折扣). */
  rate?: number;
  scope?: CouponScope;
  scopeIds?: number[];
  validFrom: Date;
  validTo: Date;
  /** Valid this many days from the claim (capped by `validTo`); 0: the window. */
  validDays?: number;
  published?: boolean;
  claimStartsAt?: Date | null;
  claimEndsAt?: Date | null;
  /** 0: no limit. */
  total?: number;
  perMember?: number;
  description?: string;
  createdBy?: number | null;
}

/** The rules a template's window, scope and limits must keep (create and edit alike). */
export function checkTemplate(t: {
  validFrom: Date;
  validTo: Date;
  scope?: CouponScope;
  scopeIds?: number[];
  claimStartsAt?: Date | null;
  claimEndsAt?: Date | null;
}): void {
  if (t.validTo <= t.validFrom) throw invalid('valid_to', '结束时间必须晚于开始时间');
  if (t.scope && t.scope !== 'all' && !(t.scopeIds ?? []).length)
    throw invalid('scope_ids', '请选择适用范围');
  if (t.claimStartsAt && t.claimEndsAt && t.claimEndsAt <= t.claimStartsAt)
    throw invalid('claim_ends_at', '领取结束时间必须晚于开始时间');
  if (t.claimEndsAt && t.claimEndsAt > t.validTo)
    throw invalid('claim_ends_at', '领取结束时间不能晚于有效期结束');
}

/** Creates a coupon template after checking its amounts make sense for its kind. */
export async function createCouponTemplate(db: Queryable, t: NewCouponTemplate): Promise<number> {
  const amount = t.amount ?? 0;
  const rate = t.rate ?? 1000;
  if (t.kind !== 'discount' && (!Number.isInteger(amount) || amount <= 0))
    throw invalid('amount', '优惠金额必须大于0');
  if (t.kind === 'manjian' && (t.threshold ?? 0) <= amount)
    throw invalid('threshold', '满减门槛必须大于优惠金额');
  if (t.kind === 'discount' && !(Number.isInteger(rate) && rate > 0 && rate < 1000)) {
    throw invalid('rate', '折扣率必须在0到1000‰之间');
  }
  checkTemplate(t);
  const [row] = await db
    .insert(couponTemplates)
    .values({
      name: t.name,
      kind: t.kind,
      threshold: t.threshold ?? 0,
      amount,
      rate,
      scope: t.scope ?? 'all',
      scopeIds: t.scopeIds ?? [],
      validFrom: t.validFrom,
      validTo: t.validTo,
      validDays: t.validDays ?? 0,
      published: t.published ?? false,
      claimStartsAt: t.claimStartsAt ?? null,
      claimEndsAt: t.claimEndsAt ?? null,
      total: t.total ?? 0,
      perMember: t.perMember ?? 1,
      description: t.description ?? '',
      createdBy: t.createdBy ?? null,
    })
    .returning({ id: couponTemplates.id });
  return row!.id;
}

/**
 * Gives a member one coupon of a template outside any limit (tests, a prize draw's own
 * checks). The coupon centre and the operator's issue go through coupon-claim.ts, which
 * counts the batch and the member's limit under the template's row lock.
 */
export async function grantCoupon(
  db: Db,
  memberId: number,
  templateId: number,
  now: Date,
  source = 'issue',
): Promise<number> {
  return db.transaction(async (tx) => {
    const [t] = await tx
      .select({ validDays: couponTemplates.validDays, validTo: couponTemplates.validTo })
      .from(couponTemplates)
      .where(eq(couponTemplates.id, templateId));
    const [row] = await tx
      .insert(memberCoupons)
      .values({ memberId, templateId, createdAt: now, source, expiresAt: t ? couponExpiry(t, now) : null })
      .returning({ id: memberCoupons.id });
    return row!.id;
  });
}

/** A new member coupon's own end: `validDays` after `now`, never past the template's end; null: the template's. */
export function couponExpiry(t: { validDays: number; validTo: Date }, now: Date): Date | null {
  if (t.validDays <= 0) return null;
  const end = new Date(now.getTime() + t.validDays * 86_400_000);
  return end < t.validTo ? end : t.validTo;
}

/** Where a member coupon stops being valid: its own end (valid N days from the claim), else the template's. */
export const couponEndsAt =
  sql<Date>`coalesce(${memberCoupons.expiresAt}, ${couponTemplates.validTo})`.mapWith(
    couponTemplates.validTo,
  );

/** `couponNum`: the member's unused coupons valid at `now` (isCouponUsable, in SQL). */
export async function usableCouponCount(db: Queryable, memberId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(
      and(
        eq(memberCoupons.memberId, memberId),
        eq(memberCoupons.status, 'unused'),
        lte(couponTemplates.validFrom, now),
        gte(couponEndsAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** A member coupon with its template's rule, as the order and the coupon list use it. */
export interface HeldCoupon {
  /** The member coupon id. */
  id: number;
  templateId: number;
  name: string;
  kind: CouponKind;
  threshold: Fen;
  amount: Fen;
  rate: number;
  scope: CouponScope;
  scopeIds: number[];
  validFrom: Date;
  /** The coupon's own end (a template valid N days from the claim) or the template's. */
  validTo: Date;
}

export type CouponSlot = 'coupon' | 'voucher';

/** 优惠券 (满减, 折扣) take the coupon slot, 现金券 the voucher slot: an order may use one of each. */
const SLOT_KINDS: Record<CouponSlot, CouponKind[]> = { coupon: ['manjian', 'discount'], voucher: ['cash'] };

export const couponRule = (c: HeldCoupon): CouponRule => ({
  kind: c.kind,
  threshold: c.threshold,
  amount: c.amount,
  rate: c.rate,
  scope: c.scope,
  scopeIds: c.scopeIds,
});

const held = {
  id: memberCoupons.id,
  templateId: couponTemplates.id,
  name: couponTemplates.name,
  kind: couponTemplates.kind,
  threshold: couponTemplates.threshold,
  amount: couponTemplates.amount,
  rate: couponTemplates.rate,
  scope: couponTemplates.scope,
  scopeIds: couponTemplates.scopeIds,
  validFrom: couponTemplates.validFrom,
  validTo: couponEndsAt,
};

/** Unused and valid at `now` (isCouponUsable in SQL), of the slot's kinds. */
const usableIn = (memberId: number, now: Date, slot: CouponSlot) =>
  and(
    eq(memberCoupons.memberId, memberId),
    eq(memberCoupons.status, 'unused'),
    lte(couponTemplates.validFrom, now),
    gte(couponEndsAt, now),
    inArray(couponTemplates.kind, SLOT_KINDS[slot]),
  );

/** The member's coupons of a slot usable at `now`, the first to expire first. One query. */
export async function heldCoupons(
  db: Queryable,
  memberId: number,
  now: Date,
  slot: CouponSlot,
): Promise<HeldCoupon[]> {
  return db
    .select(held)
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(usableIn(memberId, now, slot))
    .orderBy(asc(couponEndsAt), asc(memberCoupons.id));
}

/**
 * Locks one member coupon (`for update`) when it is the member's, unused, valid at `now` and
 * of the slot; null otherwise. Call inside the transaction that consumes it.
 */
export async function lockCoupon(
  tx: Queryable,
  memberId: number,
  memberCouponId: number,
  slot: CouponSlot,
  now: Date,
): Promise<HeldCoupon | null> {
  const [row] = await tx
    .select(held)
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(and(eq(memberCoupons.id, memberCouponId), usableIn(memberId, now, slot)))
    .for('update', { of: memberCoupons });
  return row ?? null;
}

/** Marks locked coupons used by an order. One statement. */
export async function consumeCoupons(
  tx: Queryable,
  ids: number[],
  orderId: number,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(memberCoupons)
    .set({ status: 'used', usedOrderId: orderId, usedAt: now })
    .where(and(inArray(memberCoupons.id, ids), eq(memberCoupons.status, 'unused')));
}

/** Gives back the coupons an order used (cancelled or expired order). One statement. */
export async function releaseCoupons(tx: Queryable, orderId: number): Promise<void> {
  await tx
    .update(memberCoupons)
    .set({ status: 'unused', usedOrderId: null, usedAt: null })
    .where(and(eq(memberCoupons.usedOrderId, orderId), eq(memberCoupons.status, 'used')));
}

/** Each category id → itself and its ancestors, nearest first. One recursive query. */
export async function categoryAncestors(
  db: Queryable,
  categoryIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  const ids = [...new Set(categoryIds)];
  if (ids.length === 0) return out;
  // The depth guard stops a cycle (a bad manual edit) from running forever.
  const res = await db.execute(sql`
    with recursive up(start_id, id, parent_id, depth) as (
      select c.id, c.id, c.parent_id, 0 from categories c where c.id = any(${sql.param(ids)}::int[])
      union all
      select up.start_id, c.id, c.parent_id, up.depth + 1
      from up join categories c on c.id = up.parent_id where up.depth < 20
    )
    select start_id, id from up order by start_id, depth`);
  for (const r of rowsOf<{ start_id: number; id: number }>(res)) {
    const list = out.get(r.start_id) ?? [];
    list.push(r.id);
    out.set(r.start_id, list);
  }
  return out;
}

/** Each goods id → its brand id (goods without a brand are left out). One query; none for no ids. */
export async function goodsBrands(db: Queryable, goodsIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const ids = [...new Set(goodsIds)].filter((id) => id > 0);
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: goods.id, brandId: goods.brandId })
    .from(goods)
    .where(inArray(goods.id, ids));
  for (const r of rows) if (r.brandId != null) out.set(r.id, r.brandId);
  return out;
}
