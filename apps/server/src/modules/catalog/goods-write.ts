import {
  GOODS_ZONES,
  ladderProblem,
  listingBan,
  purchaseLimitProblem,
  type GoodsTag,
  type LadderTier,
  type RxClass,
} from '@kc/domain';
import { asc, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.js';
import { AppError, business } from '../../platform/errors.js';
import { insertByColumns } from './bulk.js';
import { updateByColumns } from './import/bulk-rows.js';
import { searchColumns } from './search-keys.js';
import { categories, goods, goodsLots } from './schema.js';
import { inTransaction, lotProblem, pathIn, type NewLot } from './write.js';

/** A goods to list; prices in fen. Omitted flags take the catalogue defaults. */
export interface NewGoods {
  name: string;
  tradeName?: string;
  ypgg: string;
  sccj: string;
  approvalNo?: string;
  /** English generic name (INN). */
  innName?: string;
  dosageForm?: string;
  rxClass?: RxClass;
  scopeClass: string;
  storage?: string;
  isHm?: boolean;
  categoryId: number;
  brandId?: number | null;
  ckId: number;
  zones?: string[];
  images?: string[];
  basePrice: number;
  price: number;
  ladderPrice?: LadderTier[];
  bzdw?: string;
  zbz?: number;
  jzl?: number;
  /** Quantities round up to a full case (`jzl`). */
  roundToCase?: boolean;
  isBuy?: boolean;
  qgNumber?: number;
  isFreeShipping?: boolean;
  freeShippingNumber?: number;
  isDpby?: boolean;
  isYoux?: boolean;
  type?: number;
  tags?: GoodsTag[];
  sales?: number;
  onShelf?: boolean;
  /** Opening stock, as lots; `stock` is their sum. */
  lots?: NewLot[];
}

/** One thing wrong with a goods, on a NewGoods field ('lots' for its opening lots). */
export interface GoodsProblem {
  field: keyof NewGoods;
  message: string;
  /** A SAMR Order 58 ban (药品网络销售禁止清单): refused as a business outcome, not a typo. */
  banned?: true;
}

/**
 * Everything wrong with a goods before it is written, in the order a form reads (empty when
 * it may be listed). `categoryNames` is its category path (root first), null when the category
 * does not exist. Shared by createGoods, the back-office editor and the imports.
 */
export function goodsProblems(g: NewGoods, categoryNames: string[] | null): GoodsProblem[] {
  const out: GoodsProblem[] = [];
  const add = (field: keyof NewGoods, message: string) => out.push({ field, message });
  if (!g.name.trim()) add('name', '请输入商品通用名');
  if (!g.ypgg.trim()) add('ypgg', '请输入规格');
  if (!g.sccj.trim()) add('sccj', '请输入生产厂家');
  if (!categoryNames) add('categoryId', '商品分类不存在');
  const ban = listingBan([...(categoryNames ?? []), g.scopeClass, g.name, g.tradeName ?? '']);
  if (ban) out.push({ field: 'name', message: ban.message, banned: true });
  if (!Number.isInteger(g.price) || g.price <= 0) add('price', '价格必须是大于0的整数(分)');
  if (!Number.isInteger(g.basePrice) || g.basePrice < 0) add('basePrice', '零售价必须是整数(分)');
  const ladder = ladderProblem(g.price, g.ladderPrice ?? []);
  if (ladder) add('ladderPrice', ladder);
  if (g.zbz !== undefined && (!Number.isInteger(g.zbz) || g.zbz < 1)) add('zbz', '中包装数量至少为1');
  const limit = purchaseLimitProblem({
    qgNumber: g.qgNumber ?? 0,
    zbz: g.zbz ?? 1,
    jzl: g.jzl ?? 0,
    roundToCase: g.roundToCase ?? false,
    bzdw: g.bzdw,
  });
  if (limit) add('qgNumber', limit);
  const unknownZone = (g.zones ?? []).find((z) => !(GOODS_ZONES as readonly string[]).includes(z));
  if (unknownZone) add('zones', `未知专区：${unknownZone}`);
  for (const lot of g.lots ?? []) {
    const problem = lotProblem(lot);
    if (problem) {
      add('lots', problem);
      break;
    }
  }
  return out;
}

/** The first problem as the error it is: a ban is a business refusal, the rest a 422. */
export function problemError(p: GoodsProblem, fieldName: (f: keyof NewGoods) => string = String): AppError {
  return p.banned
    ? business(p.message)
    : new AppError('validation', p.message, { [fieldName(p.field)]: p.message });
}

function check(g: NewGoods, categoryNames: string[] | null): void {
  const [first] = goodsProblems(g, categoryNames);
  if (first) throw problemError(first);
}

/** The goods row as stored: pinyin and search keys computed here (create and update alike). */
export function goodsRow(g: NewGoods) {
  return {
    name: g.name.trim(),
    tradeName: (g.tradeName ?? '').trim(),
    ypgg: g.ypgg.trim(),
    sccj: g.sccj.trim(),
    approvalNo: g.approvalNo ?? '',
    innName: (g.innName ?? '').trim(),
    dosageForm: g.dosageForm ?? '',
    rxClass: g.rxClass ?? 'none',
    scopeClass: g.scopeClass,
    storage: g.storage ?? '常温',
    isHm: g.isHm ?? false,
    categoryId: g.categoryId,
    brandId: g.brandId ?? null,
    ckId: g.ckId,
    zones: g.zones ?? [],
    images: g.images ?? [],
    basePrice: g.basePrice,
    price: g.price,
    ladderPrice: g.ladderPrice ?? [],
    ladderPriceType: (g.ladderPrice ?? []).length > 0 ? 1 : 0,
    bzdw: g.bzdw ?? '盒',
    zbz: g.zbz ?? 1,
    jzl: g.jzl ?? 0,
    roundToCase: g.roundToCase ?? false,
    isBuy: g.isBuy ?? true,
    stock: (g.lots ?? []).reduce((n, l) => n + l.quantity, 0),
    qgNumber: g.qgNumber ?? 0,
    isFreeShipping: g.isFreeShipping ?? false,
    freeShippingNumber: g.freeShippingNumber ?? 0,
    isDpby: g.isDpby ?? false,
    isYoux: g.isYoux ?? false,
    type: g.type ?? 0,
    tags: g.tags ?? [],
    sales: g.sales ?? 0,
    onShelf: g.onShelf ?? true,
    // Every write path computes the search columns here or in the import, from the same texts.
    ...searchColumns(g),
  };
}

// Rows a statement: one array parameter a column, so only memory bounds it.
const CHUNK = 5000;

/**
 * Lists many goods at once (the seed and imports): every goods is checked as createGoods
 * checks it, pinyin is computed here, and goods with their lots are written in one
 * transaction, many rows a statement. Returns the new ids in input order.
 */
export async function createGoodsBulk(
  db: Queryable,
  items: NewGoods[],
  ledger: { kind?: 'opening' | 'import'; ref?: string; operatorId?: number | null; reason?: string } = {},
): Promise<number[]> {
  if (items.length === 0) return [];
  const cats = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const rows = items.map((g) => {
    check(g, pathIn(byId, g.categoryId));
    return goodsRow(g);
  });
  return inTransaction(db, async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += CHUNK)
      ids.push(...(await insertByColumns(tx, goods, rows.slice(i, i + CHUNK))));
    const lots = items.flatMap((g, i) =>
      (g.lots ?? []).map((l) => ({
        goodsId: ids[i]!,
        batchNo: l.batchNo.trim(),
        producedOn: l.producedOn,
        expiresOn: l.expiresOn,
        quantity: l.quantity,
        receivedQuantity: l.quantity,
        supplier: (l.supplier ?? '').trim(),
        unitCost: l.unitCost ?? 0,
      })),
    );
    for (let i = 0; i < lots.length; i += CHUNK)
      await insertByColumns(tx, goodsLots, lots.slice(i, i + CHUNK));
    // The ledger explains every goods' opening stock: one row a lot, stock_after running.
    if (lots.length > 0)
      for (let i = 0; i < ids.length; i += CHUNK)
        await tx.execute(sql`
          insert into stock_movements (goods_id, lot_id, kind, quantity, stock_after, lot_after, reason, ref, operator_id)
          select goods_id, id, ${ledger.kind ?? 'opening'}, quantity,
            (sum(quantity) over (partition by goods_id order by id))::int, quantity,
            ${ledger.reason ?? (ledger.kind === 'import' ? '导入入库' : '期初库存')}, ${ledger.ref ?? ''},
            ${ledger.operatorId ?? null}::int
          from goods_lots where goods_id = any(${sql.param(ids.slice(i, i + CHUNK))}::int[]) and quantity <> 0
          order by goods_id, id`);
    return ids;
  });
}

/** Lists one goods (with its opening lots). Refuses what may not be sold online. */
export async function createGoods(
  db: Queryable,
  g: NewGoods,
  ledger: Parameters<typeof createGoodsBulk>[2] = {},
): Promise<number> {
  const [id] = await createGoodsBulk(db, [g], ledger);
  return id!;
}

/**
 * Recomputes the search columns of every goods (pinyin of every reading, INN words, n-gram
 * terms), a batch a statement, in id order. For a catalogue written before the terms changed
 * (migration 0011: the other readings of polyphones, the approval number on every path):
 * `npm run seed -- --reindex-search`, then `VACUUM ANALYZE`. Returns the goods rewritten.
 */
export async function reindexSearch(db: Queryable, batch = 2000): Promise<number> {
  let last = 0;
  let n = 0;
  for (;;) {
    const rows = await db
      .select({
        id: goods.id,
        name: goods.name,
        tradeName: goods.tradeName,
        sccj: goods.sccj,
        approvalNo: goods.approvalNo,
        innName: goods.innName,
      })
      .from(goods)
      .where(gt(goods.id, last))
      .orderBy(asc(goods.id))
      .limit(batch);
    if (rows.length === 0) return n;
    await updateByColumns(
      db,
      goods,
      rows.map((r) => ({ id: r.id, ...searchColumns(r) })),
    );
    last = rows[rows.length - 1]!.id;
    n += rows.length;
  }
}
