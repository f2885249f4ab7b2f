import { count, desc, eq, ilike, sql } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  paginate,
  type CombinationAdminListQuery,
  type CombinationAdminView,
  type CombinationInput,
  type Paginated,
} from '@kc/domain';
import type { Publisher } from '../../platform/bus.js';
import { rowsOf, type Db, type Queryable, escapeLike } from '../../platform/db.js';
import { invalid, notFound } from '../../platform/errors.js';
import { goodsByIds, goodsRef, requireGoods } from './admin-goods.js';
import { combinations } from './schema.js';
import { activitiesChanged } from './service.js';

export type CombinationRecord = typeof combinations.$inferSelect;

function statusText(c: CombinationRecord, now: Date): string {
  if (!c.onSale) return '已下架';
  if (now < c.startsAt) return '未开始';
  if (now >= c.endsAt) return '已结束';
  return '销售中';
}

/** The combinations as the back office shows them: goods named, the sum at list price, orders. */
export async function combinationViews(
  db: Queryable,
  rows: readonly CombinationRecord[],
  now: Date,
): Promise<CombinationAdminView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [goodsMap, ordersRes] = await Promise.all([
    goodsByIds(
      db,
      rows.flatMap((r) => r.items.map((i) => i.goodsId)),
    ),
    db.execute(sql`
      select l.combination_id as id, count(distinct l.order_id)::int as n
      from order_lines l join orders o on o.id = l.order_id
      where l.combination_id = any(${sql.param(ids)}::int[]) and o.status <> 4
      group by l.combination_id`),
  ]);
  const orders = new Map(rowsOf<{ id: number; n: number }>(ordersRes).map((r) => [r.id, r.n]));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    price: fenToYuan(c.price),
    original_amount: fenToYuan(
      c.items.reduce((sum, i) => sum + (goodsMap.get(i.goodsId)?.priceFen ?? 0) * i.number, 0),
    ),
    items: c.items.map((i) => ({
      goods_id: i.goodsId,
      goods: goodsRef(goodsMap.get(i.goodsId)),
      number: i.number,
    })),
    start_time: chinaDateTime(c.startsAt),
    end_time: chinaDateTime(c.endsAt),
    on_sale: c.onSale ? 1 : 0,
    status_text: statusText(c, now),
    orders: orders.get(c.id) ?? 0,
  }));
}

/** `GET /api/admin/combinations`: newest first. */
export async function listCombinations(
  db: Queryable,
  q: CombinationAdminListQuery,
  now: Date,
): Promise<Paginated<CombinationAdminView>> {
  const where = q.keyword ? ilike(combinations.name, `%${escapeLike(q.keyword)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(combinations)
      .where(where)
      .orderBy(desc(combinations.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(combinations).where(where),
  ]);
  return paginate(await combinationViews(db, rows, now), total?.n ?? 0, q);
}

export async function combinationById(db: Queryable, id: number): Promise<CombinationRecord> {
  const [c] = await db.select().from(combinations).where(eq(combinations.id, id));
  if (!c) throw notFound('组合不存在');
  return c;
}

/** The row's fields of an input, once its goods exist and the set costs less than its items. */
async function rowOf(db: Queryable, input: CombinationInput) {
  const goodsIds = input.items.map((i) => i.goods_id);
  const found = await goodsByIds(db, goodsIds);
  requireGoods(found, goodsIds, 'items');
  const separately = input.items.reduce((sum, i) => sum + found.get(i.goods_id)!.priceFen * i.number, 0);
  if (input.price > separately) throw invalid('price', `组合价不能高于单买合计 ¥${fenToYuan(separately)}`);
  return {
    name: input.name,
    price: input.price,
    items: input.items.map((i) => ({ goodsId: i.goods_id, number: i.number })),
    startsAt: input.start_time,
    endsAt: input.end_time,
  };
}

/** `POST /api/admin/combinations`. */
export async function createCombinationFromInput(
  db: Queryable,
  input: CombinationInput,
  events: Publisher,
): Promise<CombinationRecord> {
  const [c] = await db
    .insert(combinations)
    .values({ ...(await rowOf(db, input)), onSale: input.on_sale })
    .returning();
  activitiesChanged(events);
  return c!;
}

/** `PUT /api/admin/combinations/{id}`, under the row lock. */
export async function updateCombinationFromInput(
  db: Db,
  id: number,
  input: CombinationInput,
  events: Publisher,
): Promise<{ before: CombinationRecord; after: CombinationRecord }> {
  const out = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(combinations).where(eq(combinations.id, id)).for('update');
    if (!before) throw notFound('组合不存在');
    const [after] = await tx
      .update(combinations)
      .set({ ...(await rowOf(tx, input)), onSale: input.on_sale })
      .where(eq(combinations.id, id))
      .returning();
    return { before, after: after! };
  });
  activitiesChanged(events);
  return out;
}

/** `PUT /api/admin/combinations/{id}/on_sale`. */
export async function setCombinationOnSale(
  db: Queryable,
  id: number,
  onSale: boolean,
  events: Publisher,
): Promise<{ before: CombinationRecord; after: CombinationRecord }> {
  const before = await combinationById(db, id);
  const [after] = await db.update(combinations).set({ onSale }).where(eq(combinations.id, id)).returning();
  activitiesChanged(events);
  return { before, after: after! };
}
