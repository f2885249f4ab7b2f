import {
  GOODS_ZONES,
  ladderProblem,
  listingBan,
  type GoodsTag,
  type LadderTier,
  type RxClass,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError, business } from '../../platform/errors.js';
import { insertByColumns } from './bulk.js';
import { pinyinKeys, pinyinKeysOf } from './pinyin.js';
import { searchGrams } from './search-keys.js';
import { categories, goods, goodsLots } from './schema.js';
import { inTransaction, lotProblem, pathIn, type NewLot } from './write.js';

/** A goods to list; prices in fen. Omitted flags take the catalogue defaults. */
export interface NewGoods {
  name: string;
  tradeName?: string;
  ypgg: string;
  sccj: string;
  approvalNo?: string;
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

const invalid = (field: string, message: string) => new AppError('validation', message, { [field]: message });

function check(g: NewGoods, categoryNames: string[] | null): void {
  if (!g.name.trim()) throw invalid('name', '请输入商品通用名');
  if (!g.ypgg.trim()) throw invalid('ypgg', '请输入规格');
  if (!g.sccj.trim()) throw invalid('sccj', '请输入生产厂家');
  if (!categoryNames) throw invalid('categoryId', '商品分类不存在');
  const ban = listingBan([...categoryNames, g.scopeClass, g.name, g.tradeName ?? '']);
  if (ban) throw business(ban.message);
  if (!Number.isInteger(g.price) || g.price <= 0) throw invalid('price', '价格必须是大于0的整数(分)');
  if (!Number.isInteger(g.basePrice) || g.basePrice < 0) throw invalid('basePrice', '零售价必须是整数(分)');
  const ladder = ladderProblem(g.price, g.ladderPrice ?? []);
  if (ladder) throw invalid('ladderPrice', ladder);
  if (g.zbz !== undefined && (!Number.isInteger(g.zbz) || g.zbz < 1))
    throw invalid('zbz', '中包装数量至少为1');
  const unknownZone = (g.zones ?? []).find((z) => !(GOODS_ZONES as readonly string[]).includes(z));
  if (unknownZone) throw invalid('zones', `未知专区：${unknownZone}`);
  for (const lot of g.lots ?? []) {
    const problem = lotProblem(lot);
    if (problem) throw invalid('lots', problem);
  }
}

function row(g: NewGoods) {
  const name = pinyinKeysOf(g.name, g.tradeName ?? '');
  const maker = pinyinKeys(g.sccj);
  return {
    name: g.name.trim(),
    tradeName: (g.tradeName ?? '').trim(),
    ypgg: g.ypgg.trim(),
    sccj: g.sccj.trim(),
    approvalNo: g.approvalNo ?? '',
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
    pyInitials: name.initials,
    pyFull: name.full,
    sccjPyInitials: maker.initials,
    sccjPyFull: maker.full,
    searchGrams: searchGrams(g.name, g.tradeName ?? '', g.sccj),
  };
}

// Rows a statement: one array parameter a column, so only memory bounds it.
const CHUNK = 5000;

/**
 * Lists many goods at once (the seed and imports): every goods is checked as createGoods
 * checks it, pinyin is computed here, and goods with their lots are written in one
 * transaction, many rows a statement. Returns the new ids in input order.
 */
export async function createGoodsBulk(db: Queryable, items: NewGoods[]): Promise<number[]> {
  if (items.length === 0) return [];
  const cats = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const rows = items.map((g) => {
    check(g, pathIn(byId, g.categoryId));
    return row(g);
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
      })),
    );
    for (let i = 0; i < lots.length; i += CHUNK)
      await insertByColumns(tx, goodsLots, lots.slice(i, i + CHUNK));
    return ids;
  });
}

/** Lists one goods (with its opening lots). Refuses what may not be sold online. */
export async function createGoods(db: Queryable, g: NewGoods): Promise<number> {
  const [id] = await createGoodsBulk(db, [g]);
  return id!;
}
