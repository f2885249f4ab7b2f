import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  NEAR_EXPIRY_MONTHS,
  LOW_STOCK_THRESHOLD,
  chinaDate,
  fenToYuan,
  paginate,
  yuanToFen,
  type AdminGoodsDetail,
  type AdminGoodsInput,
  type AdminGoodsListQuery,
  type AdminGoodsPatch,
  type AdminGoodsRow,
  type GoodsZone,
  type Paginated,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import { goodsProblems, goodsRow, problemError, type NewGoods } from './goods-write.js';
import { categoryWithDescendants, resultRows } from './menus.js';
import { keywordMatch } from './search.js';
import { brands, categories, goods, goodsLots, warehouses } from './schema.js';
import { validity } from './view.js';
import { inTransaction, pathIn } from './write.js';

/** 'YYYY-MM-DD' `months` after `now`'s China day: the end of the near-expiry window. */
export function nearExpiryEnd(now: Date, months = NEAR_EXPIRY_MONTHS): string {
  const d = new Date(`${chinaDate(now)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** Goods with units in a lot expiring within the storefront's near-expiry window (近效期). */
export function nearExpirySql(now: Date): SQL {
  return sql`exists (select 1 from ${goodsLots} l where l.goods_id = ${goods}.id and l.quantity > 0
    and l.expires_on >= ${chinaDate(now)} and l.expires_on < ${nearExpiryEnd(now)})`;
}

const SNAKE: Partial<Record<keyof NewGoods, string>> = {
  tradeName: 'trade_name',
  approvalNo: 'approval_no',
  innName: 'inn_name',
  dosageForm: 'dosage_form',
  rxClass: 'rx_class',
  scopeClass: 'scope_class',
  isHm: 'is_hm',
  categoryId: 'category_id',
  brandId: 'brand_id',
  ckId: 'ck_id',
  basePrice: 'base_price',
  ladderPrice: 'ladder_price',
  qgNumber: 'qg_number',
};
/** The API's name of a NewGoods field (error messages name the form's fields). */
export const apiField = (f: keyof NewGoods): string => SNAKE[f] ?? f;

/** The input's fields as NewGoods fields (only those present), prices in fen. */
function fromInput(b: AdminGoodsPatch): Partial<NewGoods> {
  const out: Partial<NewGoods> = {};
  const set = <K extends keyof NewGoods>(k: K, v: NewGoods[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('name', b.name);
  set('tradeName', b.trade_name);
  set('ypgg', b.ypgg);
  set('sccj', b.sccj);
  set('approvalNo', b.approval_no);
  set('innName', b.inn_name);
  set('dosageForm', b.dosage_form);
  set('rxClass', b.rx_class);
  set('scopeClass', b.scope_class);
  set('storage', b.storage);
  set('isHm', b.is_hm);
  set('categoryId', b.category_id);
  if (b.brand_id !== undefined) out.brandId = b.brand_id || null;
  set('ckId', b.ck_id);
  set('zones', b.zones ? [...new Set(b.zones)] : undefined);
  set('images', b.images);
  set('basePrice', b.base_price === undefined ? undefined : yuanToFen(b.base_price));
  set('price', b.price === undefined ? undefined : yuanToFen(b.price));
  set(
    'ladderPrice',
    b.ladder_price?.map((t) => ({ number: t.number, price: yuanToFen(t.price) })),
  );
  set('bzdw', b.bzdw === '' ? undefined : b.bzdw);
  set('zbz', b.zbz);
  set('jzl', b.jzl);
  set('roundToCase', b.round_to_case);
  set('isBuy', b.is_buy);
  set('qgNumber', b.qg_number);
  set('isFreeShipping', b.is_free_shipping);
  set('freeShippingNumber', b.free_shipping_number);
  set('isDpby', b.is_dpby);
  set('isYoux', b.is_youx);
  set('tags', b.tags);
  set('onShelf', b.on_shelf);
  return out;
}

type GoodsRecord = typeof goods.$inferSelect;

function fromRow(g: GoodsRecord): NewGoods {
  return {
    name: g.name,
    tradeName: g.tradeName,
    ypgg: g.ypgg,
    sccj: g.sccj,
    approvalNo: g.approvalNo,
    innName: g.innName,
    dosageForm: g.dosageForm,
    rxClass: g.rxClass,
    scopeClass: g.scopeClass,
    storage: g.storage,
    isHm: g.isHm,
    categoryId: g.categoryId,
    brandId: g.brandId,
    ckId: g.ckId,
    zones: g.zones,
    images: g.images,
    basePrice: g.basePrice,
    price: g.price,
    ladderPrice: g.ladderPrice,
    bzdw: g.bzdw,
    zbz: g.zbz,
    jzl: g.jzl,
    roundToCase: g.roundToCase,
    isBuy: g.isBuy,
    qgNumber: g.qgNumber,
    isFreeShipping: g.isFreeShipping,
    freeShippingNumber: g.freeShippingNumber,
    isDpby: g.isDpby,
    isYoux: g.isYoux,
    type: g.type,
    tags: g.tags,
    sales: g.sales,
    onShelf: g.onShelf,
  };
}

async function categoryMap(db: Queryable) {
  const all = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories);
  return new Map(all.map((c) => [c.id, c]));
}

/** Refuses what may not be written: field problems, a ban, an unknown brand or warehouse, a duplicate SKU. */
async function assertWritable(db: Queryable, g: NewGoods, selfId: number | null): Promise<void> {
  const [first] = goodsProblems(g, pathIn(await categoryMap(db), g.categoryId));
  if (first) throw problemError(first, apiField);
  if (g.brandId) {
    const [b] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, g.brandId));
    if (!b) throw invalid('brand_id', '品牌不存在');
  }
  const [w] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, g.ckId));
  if (!w) throw invalid('ck_id', '仓库不存在');
  const [dup] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        eq(goods.name, g.name.trim()),
        eq(goods.ypgg, g.ypgg.trim()),
        eq(goods.sccj, g.sccj.trim()),
        eq(goods.ckId, g.ckId),
        selfId === null ? undefined : ne(goods.id, selfId),
      ),
    );
  if (dup) throw duplicate(dup.id);
}

const duplicate = (id?: number) =>
  new AppError('validation', `该仓库已有同名同规格同厂家的商品${id ? `（ID ${id}）` : ''}，请勿重复添加`, {
    name: '商品重复（通用名+规格+生产厂家+仓库）',
  });

/** A unique-index violation of goods_sku_uq (a race past the check) as the same 422. */
function skuRace(e: unknown): never {
  const err = e as { code?: string; cause?: { code?: string } };
  if (err.code === '23505' || err.cause?.code === '23505') throw duplicate();
  throw e;
}

/** `POST /api/admin/goods`: lists a new goods (no stock; lots are received separately). */
export async function adminCreateGoods(db: Queryable, b: AdminGoodsInput): Promise<number> {
  const g = { ...fromInput(b), lots: [] } as NewGoods;
  await assertWritable(db, g, null);
  return inTransaction(db, async (tx) => {
    const [row] = await tx.insert(goods).values(goodsRow(g)).returning({ id: goods.id }).catch(skuRace);
    return row!.id;
  });
}

/**
 * `POST /api/admin/goods/:id`: changes the fields given, recomputing pinyin and search keys
 * exactly as at creation. Stock and sales are never written here.
 */
export async function adminUpdateGoods(
  db: Queryable,
  id: number,
  patch: AdminGoodsPatch,
): Promise<{ before: AdminGoodsDetail; after: AdminGoodsDetail }> {
  return inTransaction(db, async (tx) => {
    const [cur] = await tx.select().from(goods).where(eq(goods.id, id)).for('update');
    if (!cur) throw notFound('商品不存在');
    const before = await adminGoodsDetail(tx, id);
    const next: NewGoods = { ...fromRow(cur), ...fromInput(patch) };
    await assertWritable(tx, next, id);
    const { stock: _stock, sales: _sales, ...row } = goodsRow(next);
    await tx
      .update(goods)
      .set({ ...row, updatedAt: sql`now()` })
      .where(eq(goods.id, id))
      .catch(skuRace);
    return { before, after: await adminGoodsDetail(tx, id) };
  });
}

/** `GET /api/admin/goods/:id`: every field an operator edits. */
export async function adminGoodsDetail(db: Queryable, id: number): Promise<AdminGoodsDetail> {
  const [g] = await db.select().from(goods).where(eq(goods.id, id));
  if (!g) throw notFound('商品不存在');
  return {
    id: g.id,
    name: g.name,
    trade_name: g.tradeName,
    ypgg: g.ypgg,
    sccj: g.sccj,
    approval_no: g.approvalNo,
    inn_name: g.innName,
    dosage_form: g.dosageForm,
    rx_class: g.rxClass,
    scope_class: g.scopeClass,
    storage: g.storage,
    is_hm: g.isHm,
    category_id: g.categoryId,
    category_path: pathIn(await categoryMap(db), g.categoryId) ?? [],
    brand_id: g.brandId ?? 0,
    ck_id: g.ckId,
    zones: g.zones as GoodsZone[],
    images: g.images,
    base_price: fenToYuan(g.basePrice),
    price: fenToYuan(g.price),
    ladder_price: g.ladderPrice.map((t) => ({ number: t.number, price: fenToYuan(t.price) })),
    bzdw: g.bzdw,
    zbz: g.zbz,
    jzl: g.jzl,
    round_to_case: g.roundToCase,
    is_buy: g.isBuy,
    qg_number: g.qgNumber,
    is_free_shipping: g.isFreeShipping,
    free_shipping_number: g.freeShippingNumber,
    is_dpby: g.isDpby,
    is_youx: g.isYoux,
    tags: g.tags,
    on_shelf: g.onShelf,
    stock: g.stock,
    sales: g.sales,
    py_initials: g.pyInitials,
    py_full: g.pyFull,
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
  };
}

/**
 * `GET /api/admin/goods`: every goods (on shelf or not), the storefront's keyword search
 * (search.ts keywordMatch: Chinese, pinyin initials and full pinyin, approval numbers; or the
 * maker), exact matches first, then newest.
 */
export async function adminListGoods(
  db: Queryable,
  q: AdminGoodsListQuery,
  now: Date,
): Promise<Paginated<AdminGoodsRow>> {
  const conds: (SQL | undefined)[] = [];
  if (q.category_id) conds.push(inArray(goods.categoryId, await categoryWithDescendants(db, q.category_id)));
  if (q.brand_id) conds.push(eq(goods.brandId, q.brand_id));
  if (q.zone) conds.push(sql`${goods.zones} @> array[${q.zone}]::text[]`);
  if (q.on_shelf !== undefined) conds.push(eq(goods.onShelf, q.on_shelf === 1));
  if (q.stock === 'out') conds.push(sql`${goods.stock} <= 0`);
  if (q.stock === 'low') conds.push(sql`${goods.stock} > 0 and ${goods.stock} < ${LOW_STOCK_THRESHOLD}`);
  if (q.stock === 'ok') conds.push(sql`${goods.stock} >= ${LOW_STOCK_THRESHOLD}`);
  if (q.near_expiry === 1) conds.push(nearExpirySql(now));
  const match = q.keyword ? keywordMatch(q.keyword, q.type) : null;
  if (match) conds.push(match.filter);
  const order = match ? sql`${match.rank}, ${goods.id} desc` : sql`${goods.id} desc`;
  const res = await db.execute(sql`
    select ${goods.id} as id, ${goods.name} as name, ${goods.tradeName} as trade_name, ${goods.ypgg} as ypgg,
      ${goods.sccj} as sccj, ${goods.approvalNo} as approval_no, ${goods.categoryId} as category_id,
      coalesce(b.name, '') as brand, coalesce(w.name, '') as warehouse, ${goods.zones} as zones,
      ${goods.bzdw} as bzdw, ${goods.basePrice} as base_price, ${goods.price} as price,
      ${goods.ladderPrice} as ladder_price, ${goods.stock} as stock, ${validity} as nearest_expiry,
      ${goods.onShelf} as on_shelf, ${goods.isBuy} as is_buy, ${goods.sales} as sales,
      ${goods.updatedAt} as updated_at, count(*) over ()::int as n
    from ${goods}
    left join ${brands} b on b.id = ${goods.brandId}
    left join ${warehouses} w on w.id = ${goods.ckId}
    where ${and(sql`true`, ...conds)}
    order by ${order}
    limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`);
  type Row = Omit<
    AdminGoodsRow,
    'category_path' | 'base_price' | 'price' | 'ladder_from' | 'near_expiry' | 'updated_at'
  > & {
    base_price: number;
    price: number;
    ladder_price: { number: number; price: number }[] | string;
    updated_at: Date | string;
    n: number;
  };
  const rows = resultRows<Row>(res);
  const cats = await categoryMap(db);
  const soon = nearExpiryEnd(now);
  const total = rows.length ? Number(rows[0]!.n) : await countGoods(db, conds);
  return paginate(
    rows.map(({ n: _n, ladder_price, ...r }) => {
      const tiers = typeof ladder_price === 'string' ? JSON.parse(ladder_price) : ladder_price;
      const lowest = tiers.length ? Math.min(...tiers.map((t: { price: number }) => t.price)) : null;
      return {
        ...r,
        zones: r.zones ?? [],
        category_path: pathIn(cats, r.category_id) ?? [],
        base_price: fenToYuan(Number(r.base_price)),
        price: fenToYuan(Number(r.price)),
        ladder_from: lowest === null ? null : fenToYuan(lowest),
        near_expiry: r.nearest_expiry !== null && r.nearest_expiry < soon,
        updated_at: new Date(r.updated_at).toISOString(),
      };
    }),
    total,
    q,
  );
}

async function countGoods(db: Queryable, conds: (SQL | undefined)[]): Promise<number> {
  const res = await db.execute(
    sql`select count(*)::int as n from ${goods} where ${and(sql`true`, ...conds)}`,
  );
  return Number(resultRows<{ n: number }>(res)[0]?.n ?? 0);
}

/** The goods of `ids` as the audit log keeps them (id, name, on shelf, category, zones). */
export async function goodsBrief(db: Queryable, ids: number[]) {
  return db
    .select({
      id: goods.id,
      name: goods.name,
      on_shelf: goods.onShelf,
      category_id: goods.categoryId,
      zones: goods.zones,
    })
    .from(goods)
    .where(inArray(goods.id, ids))
    .orderBy(desc(goods.id));
}
