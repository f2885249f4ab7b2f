import { and, count, desc, eq, gt, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  COUPON_KINDS,
  COUPON_SCOPES,
  COUPON_STATUSES,
  fenToYuan,
  paginate,
  type CouponAdminListQuery,
  type CouponAdminView,
  type CouponCreateInput,
  type CouponEditInput,
  type CouponStatus,
  type CouponUsageView,
  type Paginated,
  type PageQuery,
} from '@kc/domain';
import { rowsOf, type Db, type Queryable, escapeLike } from '../../platform/db.js';
import { business, invalid, notFound } from '../../platform/errors.js';
import { validityText } from './coupon-claim.js';
import { checkTemplate, couponEndsAt, createCouponTemplate } from './service.js';
import { couponTemplates, memberCoupons } from './schema.js';
import { couponText } from './view.js';

type TemplateRow = typeof couponTemplates.$inferSelect;

/** Far enough to mean "no end" for a template valid N days from each claim. */
const NO_END = new Date('2099-12-31T15:59:59Z');

export function couponStatus(t: TemplateRow, now: Date): CouponStatus {
  if (!t.published) return 'draft';
  if (t.validTo < now || (t.claimEndsAt && t.claimEndsAt < now)) return 'ended';
  if (t.claimStartsAt && t.claimStartsAt > now) return 'scheduled';
  if (t.total > 0 && t.claimed >= t.total) return 'sold_out';
  return 'claiming';
}

const statusSql = (s: CouponStatus, now: Date): SQL | undefined => {
  const t = couponTemplates;
  const ended = or(lt(t.validTo, now), lt(t.claimEndsAt, now));
  const soldOut = and(gt(t.total, 0), gte(t.claimed, t.total));
  switch (s) {
    case 'draft':
      return eq(t.published, false);
    case 'ended':
      return and(eq(t.published, true), ended);
    case 'scheduled':
      return and(eq(t.published, true), sql`not (${ended})`, gt(t.claimStartsAt, now));
    case 'sold_out':
      return and(
        eq(t.published, true),
        sql`not coalesce(${ended}, false)`,
        sql`coalesce(${t.claimStartsAt} <= ${now}, true)`,
        soldOut,
      );
    case 'claiming':
      return and(
        eq(t.published, true),
        sql`not coalesce(${ended}, false)`,
        sql`coalesce(${t.claimStartsAt} <= ${now}, true)`,
        sql`not coalesce(${soldOut}, false)`,
      );
  }
};

export function couponAdminView(t: TemplateRow, now: Date): CouponAdminView {
  const status = couponStatus(t, now);
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    kind_text: COUPON_KINDS[t.kind],
    threshold: fenToYuan(t.threshold),
    amount: fenToYuan(t.kind === 'discount' ? 0 : t.amount),
    rate: t.kind === 'discount' ? t.rate : 1000,
    text: couponText(t),
    scope: t.scope,
    scope_text: COUPON_SCOPES[t.scope],
    scope_ids: t.scopeIds,
    valid_from: chinaDateTime(t.validFrom),
    valid_to: t.validTo.getTime() === NO_END.getTime() ? '' : chinaDateTime(t.validTo),
    valid_days: t.validDays,
    validity_text: validityText(t),
    published: t.published ? 1 : 0,
    claim_starts_at: chinaDateTime(t.claimStartsAt),
    claim_ends_at: chinaDateTime(t.claimEndsAt),
    total: t.total,
    claimed: t.claimed,
    per_member: t.perMember,
    description: t.description,
    status,
    status_text: COUPON_STATUSES[status],
    editable: t.claimed === 0 ? 1 : 0,
    created_at: chinaDateTime(t.createdAt),
  };
}

/** `GET /api/admin/coupons`: newest first, by name, kind and status. */
export async function listCouponTemplates(
  db: Queryable,
  q: CouponAdminListQuery,
  now: Date,
): Promise<Paginated<CouponAdminView>> {
  const where = and(
    q.keyword ? ilike(couponTemplates.name, `%${escapeLike(q.keyword)}%`) : undefined,
    q.kind ? eq(couponTemplates.kind, q.kind) : undefined,
    q.status ? statusSql(q.status, now) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(couponTemplates)
      .where(where)
      .orderBy(desc(couponTemplates.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(couponTemplates).where(where),
  ]);
  return paginate(
    rows.map((r) => couponAdminView(r, now)),
    total?.n ?? 0,
    q,
  );
}

export async function couponTemplateById(db: Queryable, id: number): Promise<TemplateRow> {
  const [t] = await db.select().from(couponTemplates).where(eq(couponTemplates.id, id));
  if (!t) throw notFound('优惠券不存在');
  return t;
}

/** The window a template's input gives: a window, or N days from the claim (the window optional). */
function windowOf(
  v: { valid_from: Date | null; valid_to: Date | null; valid_days: number },
  now: Date,
): { validFrom: Date; validTo: Date } {
  if (v.valid_days > 0) return { validFrom: v.valid_from ?? now, validTo: v.valid_to ?? NO_END };
  if (!v.valid_from) throw invalid('valid_from', '请填写有效期开始时间或领取后有效天数');
  if (!v.valid_to) throw invalid('valid_to', '请填写有效期结束时间');
  return { validFrom: v.valid_from, validTo: v.valid_to };
}

/** `POST /api/admin/coupons`. */
export async function createCouponFromInput(
  db: Queryable,
  input: CouponCreateInput,
  operatorId: number | null,
  now: Date,
): Promise<number> {
  return createCouponTemplate(db, {
    name: input.name,
    kind: input.kind,
    threshold: input.threshold,
    amount: input.kind === 'discount' ? 0 : input.amount,
    rate: input.kind === 'discount' ? (input.rate ?? 0) : 1000,
    scope: input.scope,
    scopeIds: input.scope === 'all' ? [] : input.scope_ids,
    ...windowOf(input, now),
    validDays: input.valid_days,
    published: input.published,
    claimStartsAt: input.claim_starts_at,
    claimEndsAt: input.claim_ends_at,
    total: input.total,
    perMember: input.per_member,
    description: input.description,
    createdBy: operatorId,
  });
}

/** The fields that may still change once members hold the coupon. */
const AFTER_CLAIM: ReadonlySet<string> = new Set(['published', 'claim_starts_at', 'claim_ends_at', 'total']);

/**
 * `POST /api/admin/coupons/{id}`: any field while nobody holds it; afterwards only the
 * publication, the claim window and the total (upwards). Under the template's row lock.
 */
export async function editCouponTemplate(
  db: Db,
  id: number,
  input: CouponEditInput,
  now: Date,
): Promise<{ before: TemplateRow; after: TemplateRow }> {
  return db.transaction(async (tx) => {
    const [t] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, id)).for('update');
    if (!t) throw notFound('优惠券不存在');
    const sent = Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    if (t.claimed > 0) {
      const locked = sent.filter((k) => !AFTER_CLAIM.has(k));
      if (locked.length > 0)
        throw business('已有会员领取，只能修改发布状态、领取时间和发行量（只增不减）', { fields: locked });
      if (input.total !== undefined && input.total !== 0 && (input.total < t.total || t.total === 0))
        throw invalid('total', `发行量只能增加（当前${t.total === 0 ? '不限' : t.total}）`);
    }
    const kind = input.kind ?? t.kind;
    const validDays = input.valid_days ?? t.validDays;
    const merged = {
      name: input.name ?? t.name,
      kind,
      threshold: input.threshold ?? t.threshold,
      amount: kind === 'discount' ? 0 : (input.amount ?? t.amount),
      rate: kind === 'discount' ? (input.rate ?? (t.kind === 'discount' ? t.rate : 0)) : 1000,
      scope: input.scope ?? t.scope,
      scopeIds: (input.scope ?? t.scope) === 'all' ? [] : (input.scope_ids ?? t.scopeIds),
      ...(input.valid_from !== undefined || input.valid_to !== undefined || input.valid_days !== undefined
        ? windowOf(
            {
              valid_from: input.valid_from !== undefined ? input.valid_from : t.validFrom,
              valid_to:
                input.valid_to !== undefined
                  ? input.valid_to
                  : t.validTo.getTime() === NO_END.getTime()
                    ? null
                    : t.validTo,
              valid_days: validDays,
            },
            now,
          )
        : { validFrom: t.validFrom, validTo: t.validTo }),
      validDays,
      published: input.published ?? t.published,
      claimStartsAt: input.claim_starts_at !== undefined ? input.claim_starts_at : t.claimStartsAt,
      claimEndsAt: input.claim_ends_at !== undefined ? input.claim_ends_at : t.claimEndsAt,
      total: input.total ?? t.total,
      perMember: input.per_member ?? t.perMember,
      description: input.description ?? t.description,
    };
    if (merged.kind !== 'discount' && merged.amount <= 0) throw invalid('amount', '优惠金额必须大于0');
    if (merged.kind === 'manjian' && merged.threshold <= merged.amount)
      throw invalid('threshold', '满减门槛必须大于优惠金额');
    if (merged.kind === 'discount' && !(merged.rate > 0 && merged.rate < 1000))
      throw invalid('rate', '折扣率必须在0到1000‰之间');
    checkTemplate(merged);
    const [after] = await tx
      .update(couponTemplates)
      .set(merged)
      .where(eq(couponTemplates.id, id))
      .returning();
    return { before: t, after: after! };
  });
}

/** `POST /api/admin/coupons/{id}/publish` and `/unpublish`. */
export async function setCouponPublished(
  db: Queryable,
  id: number,
  published: boolean,
): Promise<{ before: TemplateRow; after: TemplateRow }> {
  const before = await couponTemplateById(db, id);
  const [after] = await db
    .update(couponTemplates)
    .set({ published })
    .where(eq(couponTemplates.id, id))
    .returning();
  return { before, after: after! };
}

/**
 * `GET /api/admin/coupons/{id}/usage`: how many are held (claimed, issued), used, unused and
 * expired, and the orders that used it with what it took off, newest first. Reads the
 * orders by SQL (the order module owns them; promotion ranks below it and only reads).
 */
export async function couponUsage(
  db: Queryable,
  id: number,
  q: PageQuery,
  now: Date,
): Promise<CouponUsageView> {
  const t = await couponTemplateById(db, id);
  const [counts] = await db
    .select({
      claimed: count(),
      byClaim: sql<number>`count(*) filter (where ${memberCoupons.source} = 'claim')`.mapWith(Number),
      used: sql<number>`count(*) filter (where ${memberCoupons.status} = 'used')`.mapWith(Number),
      expired:
        sql<number>`count(*) filter (where ${memberCoupons.status} = 'expired' or (${memberCoupons.status} = 'unused' and ${couponEndsAt} < ${now}))`.mapWith(
          Number,
        ),
    })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(eq(memberCoupons.templateId, id));
  const c = counts ?? { claimed: 0, byClaim: 0, used: 0, expired: 0 };
  const discountCol = t.kind === 'cash' ? sql`o.voucher_amount` : sql`o.coupon_amount`;
  const [orderRows, totals] = await Promise.all([
    db.execute(sql`
      select o.id as order_id, o.order_no, o.member_id, coalesce(m.company, '') as company, mc.id as member_coupon_id,
        ${discountCol}::int as discount, o.payable::int as pay_amount, mc.used_at
      from member_coupons mc
      join orders o on o.id = mc.used_order_id
      left join members m on m.id = o.member_id
      where mc.template_id = ${id} and mc.status = 'used'
      order by mc.used_at desc nulls last, o.id desc
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
    db.execute(sql`
      select count(*)::int as n, coalesce(sum(${discountCol}), 0)::int as discount
      from member_coupons mc join orders o on o.id = mc.used_order_id
      where mc.template_id = ${id} and mc.status = 'used'`),
  ]);
  const [tot] = rowsOf<{ n: number; discount: number }>(totals);
  type Row = {
    order_id: number;
    order_no: string;
    member_id: number;
    company: string;
    member_coupon_id: number;
    discount: number;
    pay_amount: number;
    used_at: Date | string | null;
  };
  const list = rowsOf<Row>(orderRows).map((r) => ({
    order_id: r.order_id,
    order_no: r.order_no,
    member_id: r.member_id,
    company: r.company,
    member_coupon_id: r.member_coupon_id,
    discount: fenToYuan(r.discount),
    pay_amount: fenToYuan(r.pay_amount),
    used_at: chinaDateTime(r.used_at),
  }));
  return {
    coupon: couponAdminView(t, now),
    claimed: c.claimed,
    by_claim: c.byClaim,
    by_issue: c.claimed - c.byClaim,
    used: c.used,
    unused: c.claimed - c.used - c.expired,
    expired: c.expired,
    discount_total: fenToYuan(tot?.discount ?? 0),
    orders: paginate(list, tot?.n ?? 0, q),
  };
}
