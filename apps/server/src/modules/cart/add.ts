import { count, eq, inArray } from 'drizzle-orm';
import {
  CART_LIMITS,
  checkQuantity,
  fenToYuan,
  lineEligibility,
  roundUpToCase,
  yuanToFen,
  type CartAddItem,
  type CartAddReply,
} from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError, business } from '../../platform/errors.js';
import { combinationsByIds } from '../activity/service.js';
import { goods } from '../catalog/schema.js';
import { purchaseBlocks } from '../compliance/service.js';
import { COMBINATION_KIND } from './load.js';
import { cartLines } from './schema.js';
import { upsertLines, type LineDelta } from './upsert.js';

/** What an add replies: the new line count, the lines touched and the list prices that moved. */
export type AddResult = Omit<CartAddReply, 'action'>;

interface Wanted {
  kind: number;
  itemId: number;
  number: number;
  price: number | null;
  ckId: number | undefined;
}

/** Sums repeated items of one request and reads the shown prices as fen. */
function collect(items: readonly CartAddItem[]): Wanted[] {
  const byKey = new Map<string, Wanted>();
  for (const it of items) {
    const kind = it.type === COMBINATION_KIND ? COMBINATION_KIND : 0;
    const key = `${kind}:${it.goods_id}`;
    const prev = byKey.get(key);
    const price = it.price === undefined ? null : yuanToFen(String(it.price));
    if (prev) prev.number += it.number;
    else byKey.set(key, { kind, itemId: it.goods_id, number: it.number, price, ckId: it.ck_id });
  }
  return [...byKey.values()];
}

const refuse = (
  refused: { goods_id: number; reason: string }[],
  kind: 'business' | 'validation' = 'business',
) => new AppError(kind, refused[0]?.reason ?? '无法加入购物车', undefined, { refused });

/**
 * `POST /api/cart`: adds lines, merging with lines already in the cart (their quantities add
 * up). All or nothing: unknown goods, blocked goods (compliance), unavailable goods and bad
 * quantities refuse the whole request with every reason. The merge runs as one upsert whose
 * row locks serialise two adds of the same line; the merged quantities are checked inside the
 * transaction, so a race can never store more than the limit or the stock. Given an open
 * transaction, it runs inside it (a savepoint), so a caller can add writes of its own.
 */
export async function addToCart(
  db: Queryable,
  memberId: number,
  items: readonly CartAddItem[],
  now: Date,
  opts: { defaultToMiddlePack?: boolean } = {},
): Promise<AddResult> {
  const wanted = collect(items);
  const goodsIds = wanted.filter((w) => w.kind === 0).map((w) => w.itemId);
  const comboIds = wanted.filter((w) => w.kind === COMBINATION_KIND).map((w) => w.itemId);
  const [rows, combos] = await Promise.all([
    goodsIds.length ? db.select().from(goods).where(inArray(goods.id, goodsIds)) : Promise.resolve([]),
    combinationsByIds(db, comboIds, now),
  ]);
  const goodsById = new Map(rows.filter((g) => g.onShelf).map((g) => [g.id, g]));
  // Quick add without a quantity: one middle pack (SPEC §5 default quantity).
  if (opts.defaultToMiddlePack) for (const w of wanted) w.number = goodsById.get(w.itemId)?.zbz ?? 1;
  const combosById = new Map(combos.map((c) => [c.id, c]));
  const missing = wanted.filter(
    (w) => !(w.kind === 0 ? goodsById.has(w.itemId) : combosById.get(w.itemId)?.onSale),
  );
  if (missing.length > 0) {
    const ids = missing.map((w) => w.itemId);
    throw new AppError('notFound', `商品不存在或已下架（ID：${ids.join('、')}）`, undefined, {
      goods_ids: ids,
    });
  }
  const blocks = await purchaseBlocks(
    db,
    memberId,
    wanted.flatMap((w) =>
      w.kind === 0
        ? [{ goodsId: w.itemId, number: w.number }]
        : (combosById.get(w.itemId)?.items ?? []).map((it) => ({
            goodsId: it.goodsId,
            number: it.number * w.number,
          })),
    ),
    now,
  );
  const refused: { goods_id: number; reason: string }[] = [];
  const shapeErrors: { goods_id: number; reason: string }[] = [];
  const deltas: LineDelta[] = [];
  const priceChanged: AddResult['price_changed'] = [];
  for (const w of wanted) {
    const g = goodsById.get(w.itemId);
    const c = combosById.get(w.itemId);
    if (g && w.ckId !== undefined && w.ckId !== g.ckId) {
      shapeErrors.push({ goods_id: w.itemId, reason: '仓库与商品不符' });
      continue;
    }
    const stockOf = g ? g.stock : Math.min(...(c?.items ?? []).map((it) => Math.floor(it.stock / it.number)));
    const rules = g ?? { zbz: 1, qgNumber: 0, stock: stockOf, jzl: 0, roundToCase: false, bzdw: '套' };
    const check = checkQuantity(w.number, rules);
    if (!check.ok && check.problem !== 'over_limit' && check.problem !== 'over_stock') {
      shapeErrors.push({ goods_id: w.itemId, reason: check.message });
      continue;
    }
    const isBuy = g ? g.isBuy : (c?.items.every((it) => it.isBuy) ?? false);
    const elig = lineEligibility(isBuy, stockOf);
    if (!elig.selectable) {
      refused.push({ goods_id: w.itemId, reason: elig.message });
      continue;
    }
    const block =
      w.kind === 0 ? blocks.get(w.itemId) : c?.items.map((it) => blocks.get(it.goodsId)).find(Boolean);
    if (block) {
      refused.push({ goods_id: w.itemId, reason: block.reason });
      continue;
    }
    const listPrice = g ? g.price : (c?.price ?? 0);
    if (w.price !== null && w.price !== listPrice) {
      priceChanged.push({ goods_id: w.itemId, old: fenToYuan(w.price), new: fenToYuan(listPrice) });
    }
    deltas.push({
      kind: w.kind,
      itemId: w.itemId,
      number: roundUpToCase(w.number, rules),
      shownPrice: listPrice,
    });
  }
  if (shapeErrors.length > 0) throw refuse(shapeErrors, 'validation');
  if (refused.length > 0) throw refuse(refused);

  return db.transaction(async (tx) => {
    const merged = await upsertLines(tx, memberId, deltas, now);
    const over: { goods_id: number; reason: string }[] = [];
    for (const m of merged) {
      const g = m.kind === 0 ? goodsById.get(m.itemId) : undefined;
      if (!g) continue;
      const check = checkQuantity(m.number, g);
      if (!check.ok) over.push({ goods_id: m.itemId, reason: check.message });
    }
    if (over.length > 0) throw refuse(over);
    const [n] = await tx.select({ n: count() }).from(cartLines).where(eq(cartLines.memberId, memberId));
    const total = n?.n ?? 0;
    if (total > CART_LIMITS.maxLines)
      throw business(`购物车最多可放${CART_LIMITS.maxLines}种商品，请先结算或删除部分商品`);
    return {
      total,
      lines: merged.map((m) => ({
        id: m.id,
        goods_id: m.itemId,
        type: m.kind === 0 ? (goodsById.get(m.itemId)?.type ?? 0) : 3,
        number: m.number,
      })),
      price_changed: priceChanged,
    };
  });
}

/**
 * Adds `items`, leaving out what the add refuses and trying the rest again (at most three
 * rounds; buy again and quick purchase). A refusal names its goods (`refused`, with the
 * reason) or goods that no longer exist (`goods_ids`, given `gone` as the reason); any other
 * error is thrown. Answers the add's reply (null when nothing was added) and the items left
 * out, each with its reason, in the order they were met.
 */
export async function addLeavingOut<T extends CartAddItem>(
  db: Queryable,
  memberId: number,
  items: readonly T[],
  now: Date,
  gone: string,
): Promise<{ result: AddResult | null; leftOut: { item: T; reason: string }[] }> {
  const leftOut: { item: T; reason: string }[] = [];
  let left = [...items];
  for (let round = 0; round < 3 && left.length > 0; round += 1) {
    try {
      return { result: await addToCart(db, memberId, left, now), leftOut };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const data = (err.data ?? {}) as {
        refused?: { goods_id: number; reason: string }[];
        goods_ids?: number[];
      };
      const out = new Map<number, string>([
        ...(data.refused ?? []).map((r) => [r.goods_id, r.reason] as const),
        ...(data.goods_ids ?? []).map((id) => [id, gone] as const),
      ]);
      if (out.size === 0) throw err;
      for (const item of left)
        if (out.has(item.goods_id)) leftOut.push({ item, reason: out.get(item.goods_id)! });
      left = left.filter((item) => !out.has(item.goods_id));
    }
  }
  return { result: null, leftOut };
}
