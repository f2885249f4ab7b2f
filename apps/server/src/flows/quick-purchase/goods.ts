import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { fenToYuan, type QuickGoods } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { goods, warehouses } from '../../modules/catalog/schema.js';
import { visibleTo, type PriceAudience } from '../../modules/catalog/view.js';

/** A goods as matching reads it: what a row shows, plus its sales for ranking. */
export interface CandidateRow {
  id: number;
  name: string;
  tradeName: string;
  ypgg: string;
  sccj: string;
  approvalNo: string;
  bzdw: string;
  zbz: number;
  jzl: number;
  roundToCase: boolean;
  price: number;
  stock: number;
  isBuy: boolean;
  ckId: number;
  warehouse: string;
  image: string;
  sales: number;
}

const columns = {
  id: goods.id,
  name: goods.name,
  tradeName: goods.tradeName,
  ypgg: goods.ypgg,
  sccj: goods.sccj,
  approvalNo: goods.approvalNo,
  bzdw: goods.bzdw,
  zbz: goods.zbz,
  jzl: goods.jzl,
  roundToCase: goods.roundToCase,
  price: goods.price,
  stock: goods.stock,
  isBuy: goods.isBuy,
  ckId: goods.ckId,
  warehouse: sql<string>`coalesce(${warehouses.name}, '')`,
  image: sql<string>`coalesce(${goods.images}[1], '')`,
  sales: goods.sales,
};

/** Goods the member may see that satisfy `where`, best sellers first. */
export async function candidates(
  db: Queryable,
  memberId: number,
  where: SQL,
  limit = 2000,
  order: SQL[] = [],
): Promise<CandidateRow[]> {
  return db
    .select(columns)
    .from(goods)
    .leftJoin(warehouses, eq(warehouses.id, goods.ckId))
    .where(and(visibleTo({ memberId }), where))
    .orderBy(...order, desc(goods.sales), goods.id)
    .limit(limit);
}

/** Goods by id that the member may see. */
export function candidatesByIds(db: Queryable, memberId: number, ids: number[]): Promise<CandidateRow[]> {
  return ids.length ? candidates(db, memberId, inArray(goods.id, ids), ids.length) : Promise.resolve([]);
}

/** A goods as a list row shows it. */
export function quickGoods(g: CandidateRow, audience: PriceAudience): QuickGoods {
  return {
    id: g.id,
    name: g.name,
    trade_name: g.tradeName,
    ypgg: g.ypgg,
    sccj: g.sccj,
    approval_no: g.approvalNo,
    bzdw: g.bzdw,
    zbz: g.zbz,
    jzl: g.jzl,
    round_to_case: g.roundToCase ? 1 : 0,
    price: audience === 'approved' ? fenToYuan(g.price) : null,
    number: g.stock,
    is_buy: g.isBuy ? 1 : 0,
    ck_id: g.ckId,
    warehouse: g.warehouse,
    image: g.image,
  };
}

/**
 * Candidates for many keys in one statement: a lateral join over `(k, n)` pairs (`u.k`, `u.n`
 * in `cond` and `order`), at most `limit` goods each, in the keys' order. An empty key finds none.
 */
export async function perKey(
  db: Queryable,
  memberId: number,
  keys: string[],
  names: string[],
  cond: SQL,
  order: SQL,
  limit: number,
): Promise<CandidateRow[][]> {
  const out: CandidateRow[][] = keys.map(() => []);
  if (keys.length === 0) return out;
  const res = await db.execute(sql`
    select u.i::int as i, c.* from unnest(${sql.param(keys)}::text[], ${sql.param(names)}::text[]) with ordinality as u(k, n, i)
    cross join lateral (
      select goods.id, goods.name, goods.trade_name as "tradeName", goods.ypgg, goods.sccj, goods.approval_no as "approvalNo",
        goods.bzdw, goods.zbz, goods.jzl, goods.round_to_case as "roundToCase", goods.price, goods.stock,
        goods.is_buy as "isBuy", goods.ck_id as "ckId", coalesce(w.name, '') as warehouse,
        coalesce(goods.images[1], '') as image, goods.sales
      from goods left join warehouses w on w.id = goods.ck_id
      where ${visibleTo({ memberId })} and ${cond}
      order by ${order}
      limit ${limit}) c
    where u.k <> ''`);
  for (const { i, ...g } of rowsOf<CandidateRow & { i: number }>(res)) {
    out[Number(i) - 1]!.push({
      ...g,
      id: Number(g.id),
      zbz: Number(g.zbz),
      jzl: Number(g.jzl),
      price: Number(g.price),
      stock: Number(g.stock),
      ckId: Number(g.ckId),
      sales: Number(g.sales),
    });
  }
  return out;
}
