import { and, count, desc, eq, gt, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_KIND_TEXT,
  ACTIVITY_STATUS_TEXT,
  activityStatus,
  chinaDateTime,
  fenToYuan,
  paginate,
  type ActivityAdminListQuery,
  type ActivityAdminRow,
  type ActivityAdminView,
  type ActivityInput,
  type ActivityStatus,
  type Paginated,
} from '@kc/domain';
import type { Publisher } from '../../platform/bus.js';
import { rowsOf, type Db, type Queryable, escapeLike } from '../../platform/db.js';
import { invalid, notFound } from '../../platform/errors.js';
import { couponNames, goodsByIds, goodsRef, requireGoods } from './admin-goods.js';
import {
  activities,
  type ActivityRules,
  type DiscountRules,
  type GiftRules,
  type ManfanRules,
  type ManjianRules,
  type PricedItemsRules,
  type TemplateRules,
} from './schema.js';
import { activitiesChanged } from './service.js';

export type ActivityRow = typeof activities.$inferSelect;

/** Yuan without a zero fraction, as rules read ('满500减20', '满99.5减5'). */
const short = (fen: number) => fenToYuan(fen).replace(/\.00$/, '');

function tiersOf(a: ActivityRow): { amount: number; value: number }[] {
  if (a.kind === 'manjian')
    return (a.rules as ManjianRules).tiers.map((t) => ({ amount: t.amount, value: t.reduce }));
  if (a.kind === 'manfan')
    return (a.rules as ManfanRules).tiers.map((t) => ({ amount: t.amount, value: t.back }));
  return [];
}

/** The rules in a line, for the list. */
export function ruleSummary(a: ActivityRow): string {
  const scope = a.goodsIds.length > 0 ? `（指定${a.goodsIds.length}个商品）` : '（全场）';
  switch (a.kind) {
    case 'manjian':
    case 'manfan': {
      const word = a.kind === 'manjian' ? '减' : '返';
      return (
        tiersOf(a)
          .map((t) => `满${short(t.amount)}${word}${short(t.value)}`)
          .join('，') + scope
      );
    }
    case 'discount': {
      const r = a.rules as DiscountRules;
      const left = r.excludedGoodsIds.length > 0 ? `（${r.excludedGoodsIds.length}个商品除外）` : '';
      return `全场${r.ratePerMille / 100}折${left}`;
    }
    case 'gift': {
      const r = a.rules as GiftRules;
      return `买${r.buy}赠${r.give}（${r.type === 1 ? '同品赠送' : `赠${r.name}`}），${a.goodsIds.length}个商品`;
    }
    case 'flash':
    case 'special': {
      const items = (a.rules as PricedItemsRules).items;
      const days = new Set(items.map((i) => i.date).filter(Boolean)).size;
      return `${new Set(items.map((i) => i.goodsId)).size}个商品${days > 0 ? `，${days}天` : ''}`;
    }
    case 'template': {
      const r = a.rules as TemplateRules;
      return `${r.sections.length}个专区，${r.couponIds.length}张优惠券`;
    }
  }
}

export function activityStatusOf(a: ActivityRow, now: Date): { status: ActivityStatus; status_text: string } {
  const status = activityStatus(a.startsAt.getTime(), a.endsAt.getTime(), now.getTime(), a.enabled);
  return { status, status_text: a.enabled ? ACTIVITY_STATUS_TEXT[status] : '已停用' };
}

export function activityRowView(a: ActivityRow, orders: number, now: Date): ActivityAdminRow {
  return {
    id: a.id,
    kind: a.kind,
    kind_text: ACTIVITY_KIND_TEXT[a.kind],
    name: a.name,
    url: a.url,
    start_time: chinaDateTime(a.startsAt),
    end_time: chinaDateTime(a.endsAt),
    ...activityStatusOf(a, now),
    enabled: a.enabled ? 1 : 0,
    summary: ruleSummary(a),
    orders,
  };
}

/** Orders each activity priced, cancelled ones left out (the GIN index on activity_ids). */
export async function orderCounts(db: Queryable, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const res = await db.execute(sql`
    select a.id, (select count(*) from orders o where o.activity_ids @> array[a.id] and o.status <> 4)::int as n
    from unnest(${sql.param([...ids])}::int[]) as a(id)`);
  return new Map(rowsOf<{ id: number; n: number }>(res).map((r) => [r.id, r.n]));
}

const statusSql = (s: ActivityStatus, now: Date): SQL | undefined => {
  const a = activities;
  if (s === 0) return and(eq(a.enabled, true), gt(a.startsAt, now));
  if (s === 1) return and(eq(a.enabled, true), lte(a.startsAt, now), gt(a.endsAt, now));
  return or(eq(a.enabled, false), lte(a.endsAt, now));
};

/** `GET /api/admin/activities`: newest first. */
export async function listActivities(
  db: Queryable,
  q: ActivityAdminListQuery,
  now: Date,
): Promise<Paginated<ActivityAdminRow>> {
  const where = and(
    q.keyword ? ilike(activities.name, `%${escapeLike(q.keyword)}%`) : undefined,
    q.kind ? eq(activities.kind, q.kind) : undefined,
    q.status !== undefined ? statusSql(q.status, now) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activities)
      .where(where)
      .orderBy(desc(activities.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(activities).where(where),
  ]);
  const orders = await orderCounts(
    db,
    rows.map((r) => r.id),
  );
  return paginate(
    rows.map((r) => activityRowView(r, orders.get(r.id) ?? 0, now)),
    total?.n ?? 0,
    q,
  );
}

export async function activityById(db: Queryable, id: number): Promise<ActivityRow> {
  const [a] = await db.select().from(activities).where(eq(activities.id, id));
  if (!a) throw notFound('活动不存在');
  return a;
}

/** Every goods id a rule names. */
function goodsIdsOf(a: ActivityRow): number[] {
  const out = [...a.goodsIds];
  if (a.kind === 'discount') out.push(...(a.rules as DiscountRules).excludedGoodsIds);
  if (a.kind === 'flash' || a.kind === 'special')
    out.push(...(a.rules as PricedItemsRules).items.map((i) => i.goodsId));
  if (a.kind === 'template') for (const s of (a.rules as TemplateRules).sections) out.push(...s.goodsIds);
  return out;
}

/** `GET /api/admin/activities/{id}`: the rules in yuan, the goods and coupons named. */
export async function activityAdminView(
  db: Queryable,
  a: ActivityRow,
  now: Date,
): Promise<ActivityAdminView> {
  const [goodsMap, orders] = await Promise.all([goodsByIds(db, goodsIdsOf(a)), orderCounts(db, [a.id])]);
  const refs = (ids: readonly number[]) =>
    ids.map((id) => goodsRef(goodsMap.get(id))).filter((g): g is NonNullable<typeof g> => g !== null);
  const template = a.kind === 'template' ? (a.rules as TemplateRules) : null;
  const coupons = template ? await couponNames(db, template.couponIds) : new Map<number, string>();
  const word = a.kind === 'manjian' ? '减' : '返';
  const gift = a.kind === 'gift' ? (a.rules as GiftRules) : null;
  return {
    ...activityRowView(a, orders.get(a.id) ?? 0, now),
    banner: a.banner,
    description: a.description,
    goods: refs(a.goodsIds),
    excluded_goods: a.kind === 'discount' ? refs((a.rules as DiscountRules).excludedGoodsIds) : [],
    tiers: tiersOf(a).map((t) => ({
      amount: fenToYuan(t.amount),
      value: fenToYuan(t.value),
      text: `满${short(t.amount)}${word}${short(t.value)}`,
    })),
    rate_per_mille: a.kind === 'discount' ? (a.rules as DiscountRules).ratePerMille : 0,
    gift: gift ? { buy: gift.buy, give: gift.give, type: gift.type, name: gift.name } : null,
    items:
      a.kind === 'flash' || a.kind === 'special'
        ? (a.rules as PricedItemsRules).items.map((i) => ({
            goods_id: i.goodsId,
            goods: goodsRef(goodsMap.get(i.goodsId)),
            price: fenToYuan(i.price),
            limit: i.limit,
            date: i.date ?? '',
          }))
        : [],
    sections: template?.sections.map((s) => ({ title: s.title, goods: refs(s.goodsIds) })) ?? [],
    coupons:
      template?.couponIds.map((id) => ({ id, name: coupons.get(id) ?? `（已删除的优惠券 ${id}）` })) ?? [],
    created_at: chinaDateTime(a.createdAt),
    updated_at: chinaDateTime(a.updatedAt),
  };
}

/** The row's fields of an input (rules in fen), after the checks that read the database. */
async function rowOf(db: Queryable, input: ActivityInput) {
  const named = [
    ...input.goods_ids,
    ...input.excluded_goods_ids,
    ...input.items.map((i) => i.goods_id),
    ...input.sections.flatMap((s) => s.goods_ids),
  ];
  const found = await goodsByIds(db, named);
  let rules: ActivityRules;
  let goodsIds: number[] = [];
  switch (input.kind) {
    case 'manjian':
      rules = { tiers: input.tiers.map((t) => ({ amount: t.amount, reduce: t.value })) };
      goodsIds = input.goods_ids;
      break;
    case 'manfan':
      rules = { tiers: input.tiers.map((t) => ({ amount: t.amount, back: t.value })) };
      goodsIds = input.goods_ids;
      break;
    case 'discount':
      requireGoods(found, input.excluded_goods_ids, 'excluded_goods_ids');
      rules = { ratePerMille: input.rate_per_mille ?? 0, excludedGoodsIds: input.excluded_goods_ids };
      break;
    case 'gift':
      rules = {
        buy: input.buy ?? 1,
        give: input.give ?? 1,
        type: input.gift_type,
        name: input.gift_name || (input.gift_type === 1 ? '同品赠送' : ''),
      };
      goodsIds = input.goods_ids;
      break;
    case 'flash':
    case 'special':
      requireGoods(
        found,
        input.items.map((i) => i.goods_id),
        'items',
      );
      for (const it of input.items) {
        const g = found.get(it.goods_id)!;
        if (it.price >= g.priceFen) throw invalid('items', `「${g.name}」的活动价必须低于原价 ¥${g.price}`);
      }
      rules = {
        items: input.items.map((i) => ({
          goodsId: i.goods_id,
          price: i.price,
          limit: i.limit,
          ...(i.date ? { date: i.date } : {}),
        })),
      };
      break;
    case 'template': {
      requireGoods(
        found,
        input.sections.flatMap((s) => s.goods_ids),
        'sections',
      );
      const coupons = await couponNames(db, input.coupon_ids);
      const missing = input.coupon_ids.find((id) => !coupons.has(id));
      if (missing !== undefined) throw invalid('coupon_ids', `优惠券不存在（ID ${missing}）`);
      rules = {
        sections: input.sections.map((s) => ({ title: s.title, goodsIds: s.goods_ids })),
        couponIds: input.coupon_ids,
      };
      break;
    }
  }
  requireGoods(found, goodsIds, 'goods_ids');
  return {
    kind: input.kind,
    name: input.name,
    url: input.url,
    banner: input.banner,
    description: input.description,
    goodsIds,
    rules,
    startsAt: input.start_time,
    endsAt: input.end_time,
    enabled: input.enabled,
  };
}

/** `POST /api/admin/activities`; every instance drops its running promotions once it is in. */
export async function createActivityFromInput(
  db: Queryable,
  input: ActivityInput,
  now: Date,
  events: Publisher,
): Promise<ActivityRow> {
  const row = await rowOf(db, input);
  const [a] = await db
    .insert(activities)
    .values({ ...row, createdAt: now, updatedAt: now })
    .returning();
  activitiesChanged(events);
  return a!;
}

/** `PUT /api/admin/activities/{id}`: the whole activity, under its row lock; the kind stays. */
export async function updateActivityFromInput(
  db: Db,
  id: number,
  input: ActivityInput,
  now: Date,
  events: Publisher,
): Promise<{ before: ActivityRow; after: ActivityRow }> {
  const out = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(activities).where(eq(activities.id, id)).for('update');
    if (!before) throw notFound('活动不存在');
    if (before.kind !== input.kind) throw invalid('kind', '活动类型不能修改，请新建活动');
    const row = await rowOf(tx, input);
    const [after] = await tx
      .update(activities)
      .set({ ...row, updatedAt: now })
      .where(eq(activities.id, id))
      .returning();
    return { before, after: after! };
  });
  activitiesChanged(events);
  return out;
}

/** `PUT /api/admin/activities/{id}/enabled`: the 94折 switch (and every activity's). */
export async function setActivityEnabled(
  db: Queryable,
  id: number,
  enabled: boolean,
  now: Date,
  events: Publisher,
): Promise<{ before: ActivityRow; after: ActivityRow }> {
  const before = await activityById(db, id);
  const [after] = await db
    .update(activities)
    .set({ enabled, updatedAt: now })
    .where(eq(activities.id, id))
    .returning();
  activitiesChanged(events);
  return { before, after: after! };
}
