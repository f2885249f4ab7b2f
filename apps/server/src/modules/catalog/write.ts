import { asc, eq, sql } from 'drizzle-orm';
import { listingBan } from '@kc/domain';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { AppError, business } from '../../platform/errors.js';
import { brands, categories, goods, goodsLots, stockMovements, warehouses } from './schema.js';
import { lockGoods } from './stock.js';

/** Runs `fn` in a transaction, or in a savepoint when `db` already is one. */
export function inTransaction<T>(db: Queryable, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return (db as Db).transaction(fn);
}

export interface NewCategory {
  name: string;
  parentId?: number | null;
  code?: string;
  logo?: string;
  logo1?: string;
  sort?: number;
}

/** Category names from the root down to `id`, for the online-sale ban. */
export async function categoryPath(db: Queryable, id: number): Promise<string[] | null> {
  const all = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories);
  return pathIn(new Map(all.map((c) => [c.id, c])), id);
}

export function pathIn(
  all: Map<number, { parentId: number | null; name: string }>,
  id: number,
): string[] | null {
  const names: string[] = [];
  let cur = all.get(id);
  if (!cur) return null;
  // The depth guard stops a cycle (a bad manual edit) from hanging the request.
  for (let depth = 0; cur && depth < 20; depth++) {
    names.unshift(cur.name);
    cur = cur.parentId == null ? undefined : all.get(cur.parentId);
  }
  return names;
}

/** Creates a category. Categories of goods that may not be sold online are refused. */
export async function createCategory(db: Queryable, c: NewCategory): Promise<number> {
  const name = c.name.trim();
  if (!name) throw new AppError('validation', '请输入分类名称', { name: '请输入分类名称' });
  const parentPath = c.parentId == null ? [] : await categoryPath(db, c.parentId);
  if (!parentPath) throw new AppError('validation', '上级分类不存在', { parentId: '上级分类不存在' });
  const ban = listingBan([...parentPath, name]);
  if (ban) throw business(ban.message);
  const [row] = await db
    .insert(categories)
    .values({
      name,
      parentId: c.parentId ?? null,
      code: c.code ?? '',
      logo: c.logo ?? '',
      logo1: c.logo1 ?? '',
      sort: c.sort ?? 0,
    })
    .returning({ id: categories.id });
  return row!.id;
}

export async function createBrand(
  db: Queryable,
  b: { name: string; company?: string; logo?: string; description?: string; sort?: number },
): Promise<number> {
  if (!b.name.trim()) throw new AppError('validation', '请输入品牌名称', { name: '请输入品牌名称' });
  const [row] = await db
    .insert(brands)
    .values({
      name: b.name.trim(),
      company: b.company ?? '',
      logo: b.logo ?? '',
      description: b.description ?? '',
      sort: b.sort ?? 0,
    })
    .returning({ id: brands.id });
  return row!.id;
}

export async function createWarehouse(db: Queryable, w: { name: string; region?: string }): Promise<number> {
  if (!w.name.trim()) throw new AppError('validation', '请输入仓库名称', { name: '请输入仓库名称' });
  const [row] = await db
    .insert(warehouses)
    .values({ name: w.name.trim(), region: w.region ?? '' })
    .returning({ id: warehouses.id });
  return row!.id;
}

export interface NewLot {
  batchNo: string;
  /** 'YYYY-MM-DD'. */
  producedOn: string;
  expiresOn: string;
  quantity: number;
  /** Purchase record: supplier (供货单位) and unit cost in fen. */
  supplier?: string;
  unitCost?: number;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The problem with a lot, or null. Shared by addLot and the bulk goods path. */
export function lotProblem(l: NewLot): string | null {
  if (!l.batchNo.trim()) return '请输入批号';
  if (!DATE_RE.test(l.producedOn) || !DATE_RE.test(l.expiresOn)) return '生产日期和有效期须为YYYY-MM-DD';
  if (l.expiresOn <= l.producedOn) return '有效期必须晚于生产日期';
  if (!Number.isInteger(l.quantity) || l.quantity <= 0) return '批次数量必须是正整数';
  return null;
}

/**
 * Receives a lot into stock. The goods row is locked (lockGoods) so two receipts (or a receipt
 * and a sale) cannot interleave; `goods.stock` is reset to the sum of its lots and a
 * 'receive' ledger row written in the same transaction.
 */
export async function addLot(
  db: Queryable,
  goodsId: number,
  lot: NewLot,
  by: { operatorId?: number | null; reason?: string; ref?: string } = {},
): Promise<{ lotId: number; stock: number }> {
  const problem = lotProblem(lot);
  if (problem) throw new AppError('validation', problem, { lot: problem });
  return inTransaction(db, async (tx) => {
    const locked = await lockGoods(tx, [goodsId]);
    if (!locked.has(goodsId)) throw new AppError('notFound', '商品不存在');
    const [row] = await tx
      .insert(goodsLots)
      .values({
        goodsId,
        batchNo: lot.batchNo.trim(),
        producedOn: lot.producedOn,
        expiresOn: lot.expiresOn,
        quantity: lot.quantity,
        receivedQuantity: lot.quantity,
        supplier: (lot.supplier ?? '').trim(),
        unitCost: lot.unitCost ?? 0,
        receivedBy: by.operatorId ?? null,
      })
      .returning({ id: goodsLots.id });
    const [updated] = await tx
      .update(goods)
      .set({
        stock: sql`(select coalesce(sum(${goodsLots.quantity}), 0)::int from ${goodsLots} where ${goodsLots.goodsId} = ${goodsId})`,
        updatedAt: sql`now()`,
      })
      .where(eq(goods.id, goodsId))
      .returning({ stock: goods.stock });
    await tx.insert(stockMovements).values({
      goodsId,
      lotId: row!.id,
      kind: 'receive',
      quantity: lot.quantity,
      stockAfter: updated!.stock,
      lotAfter: lot.quantity,
      reason: by.reason ?? '',
      ref: by.ref ?? '',
      operatorId: by.operatorId ?? null,
    });
    return { lotId: row!.id, stock: updated!.stock };
  });
}

/** The lots of one goods, earliest expiry first. */
export function lotsOf(db: Queryable, goodsId: number) {
  return db
    .select()
    .from(goodsLots)
    .where(eq(goodsLots.goodsId, goodsId))
    .orderBy(asc(goodsLots.expiresOn), asc(goodsLots.id));
}
