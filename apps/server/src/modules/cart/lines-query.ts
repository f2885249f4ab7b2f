import { sql, type SQL } from 'drizzle-orm';
import type { BuyerFacts, GoodsTag, LadderTier } from '@kc/domain';
import { prepared, rowsOf, type Queryable } from '../../platform/db.js';
import { isKxSql, kxVisibilitySql } from '../catalog/service.js';
import { buyerFactsJsonSql, type GoodsFactRow } from '../compliance/service.js';

/** A stored line. */
export interface StoredLine {
  id: number;
  kind: number;
  itemId: number;
  number: number;
  isSelected: boolean;
  /** The list price (fen) last shown. */
  shownPrice: number;
}

/** The goods columns the cart needs (never the search columns). */
export interface CartGoods {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  images: string[];
  ckId: number;
  bzdw: string;
  zbz: number;
  jzl: number;
  roundToCase: boolean;
  stock: number;
  isBuy: boolean;
  onShelf: boolean;
  price: number;
  qgNumber: number;
  ladderPrice: LadderTier[];
  ladderPriceType: number;
  isFreeShipping: boolean;
  freeShippingNumber: number;
  isDpby: boolean;
  type: number;
  tags: GoodsTag[];
  /** What the order keeps of the goods and what coupons and 含麻 rules need. */
  categoryId: number;
  isHm: boolean;
  approvalNo: string;
  /** What the purchase rules need besides (compliance `GoodsFactRow`). */
  tradeName: string;
  scopeClass: string;
  isKx: boolean;
  /** For a 控销 goods: whether a release rule opens it to the cart's member. */
  kxVisible: boolean;
  category: string | null;
  /** The goods' lots with units left, [expires_on, quantity] (the line's FEFO expiry). */
  lots: [string, number][];
}

export interface StoredLineWithGoods {
  row: StoredLine;
  goods: CartGoods | null;
  warehouse: string | null;
}

/** A member's lines with their goods, and the member's compliance facts, read together. */
export interface CartSnapshot {
  lines: StoredLineWithGoods[];
  /** Null when the member does not exist. */
  buyer: BuyerFacts | null;
  /** The member's shelf-life floor in months (0 = none). */
  shelfMonths: number;
}

/**
 * The fields of a line's goods in the order the snapshot sends them. Each line travels as a json
 * ARRAY, not an object: for 300 lines PostgreSQL builds `json_build_array` in ~3 ms and the same
 * fields as `json_build_object` in ~10 ms (and sends a third of the bytes). This list is the one
 * place that pairs a position with a name, for the SQL and for `decodeLine` alike.
 */
function goodsFields(memberId: number): [keyof CartGoods, SQL][] {
  return [
    ['id', sql`goods.id`],
    ['name', sql`goods.name`],
    ['sccj', sql`goods.sccj`],
    ['ypgg', sql`goods.ypgg`],
    ['images', sql`goods.images`],
    ['ckId', sql`goods.ck_id`],
    ['bzdw', sql`goods.bzdw`],
    ['zbz', sql`goods.zbz`],
    ['jzl', sql`goods.jzl`],
    ['roundToCase', sql`goods.round_to_case`],
    ['stock', sql`goods.stock`],
    ['isBuy', sql`goods.is_buy`],
    ['onShelf', sql`goods.on_shelf`],
    ['price', sql`goods.price`],
    ['qgNumber', sql`goods.qg_number`],
    ['ladderPrice', sql`goods.ladder_price`],
    ['ladderPriceType', sql`goods.ladder_price_type`],
    ['isFreeShipping', sql`goods.is_free_shipping`],
    ['freeShippingNumber', sql`goods.free_shipping_number`],
    ['isDpby', sql`goods.is_dpby`],
    ['type', sql`goods.type`],
    ['tags', sql`goods.tags`],
    ['categoryId', sql`goods.category_id`],
    ['isHm', sql`goods.is_hm`],
    ['approvalNo', sql`goods.approval_no`],
    ['tradeName', sql`goods.trade_name`],
    ['scopeClass', sql`goods.scope_class`],
    ['isKx', isKxSql],
    ['kxVisible', kxVisibilitySql(memberId)],
    ['category', sql`c.name`],
    [
      'lots',
      sql`(select coalesce(json_agg(json_build_array(gl.expires_on::text, gl.quantity) order by gl.expires_on, gl.id), '[]'::json)
        from goods_lots gl where gl.goods_id = goods.id and gl.quantity > 0)`,
    ],
  ];
}

/** The names of `goodsFields`, in order (they do not depend on the member). */
const GOODS_KEYS = goodsFields(0).map(([key]) => key);

/** The line's own fields, then the warehouse name, then the goods fields (null: no goods). */
const LINE_FIELDS = sql`l.id, l.kind, l.item_id, l.number, l.is_selected, l.shown_price, w.name`;

function decodeLine(a: unknown[]): StoredLineWithGoods {
  const [id, kind, itemId, number, isSelected, shownPrice, warehouse] = a;
  const row = { id, kind, itemId, number, isSelected, shownPrice } as StoredLine;
  if (a[7] === null) return { row, warehouse: null, goods: null };
  const goods: Record<string, unknown> = {};
  for (let i = 0; i < GOODS_KEYS.length; i += 1) goods[GOODS_KEYS[i]!] = a[7 + i];
  return { row, warehouse: (warehouse as string | null) ?? null, goods: goods as unknown as CartGoods };
}

/**
 * A member's lines with their goods, warehouse and compliance facts as ONE json value, and the
 * member's own compliance facts, in ONE statement: one row crosses the wire instead of 300 wide
 * ones, which is what makes a 300-line cart cheap on PGlite (whose cost is per row and field)
 * and on PostgreSQL alike, and every cart call waits for one round trip where it waited for
 * three (lines, then buyer facts beside goods facts). `lineId` narrows it to one line (edit).
 */
export async function cartSnapshot(db: Queryable, memberId: number, lineId?: number): Promise<CartSnapshot> {
  const goodsValues = sql.join(
    goodsFields(memberId).map(([, value]) => value),
    sql`, `,
  );
  // The goods table keeps its name (no alias): kxVisibilitySql refers to "goods"."id".
  const res = await db.execute(
    prepared(sql`
      select (
        select coalesce(json_agg(json_build_array(${LINE_FIELDS}, ${goodsValues}) order by l.id), '[]'::json)
        from cart_lines l
        left join goods on l.kind = 0 and goods.id = l.item_id
        left join warehouses w on w.id = goods.ck_id
        left join categories c on c.id = goods.category_id
        where l.member_id = ${memberId} ${lineId === undefined ? sql`` : sql`and l.id = ${lineId}`}
      )::text as lines, ${buyerFactsJsonSql(memberId)}::text as buyer,
      coalesce((select shelf_months from member_settings where member_id = ${memberId}), 0)::int as shelf`),
  );
  const [first] = rowsOf<{ lines: string; buyer: string | null; shelf: number }>(res);
  return {
    lines: first ? (JSON.parse(first.lines) as unknown[][]).map(decodeLine) : [],
    buyer: first?.buyer ? (JSON.parse(first.buyer) as BuyerFacts) : null,
    shelfMonths: Number(first?.shelf ?? 0),
  };
}

/** The compliance facts of a line's goods, as the purchase rules take them. */
export function goodsFactOf(g: CartGoods): GoodsFactRow {
  return {
    id: g.id,
    name: g.name,
    tradeName: g.tradeName,
    scopeClass: g.scopeClass,
    isHm: g.isHm,
    qgNumber: g.qgNumber,
    isKx: g.isKx,
    visible: g.kxVisible,
    category: g.category,
  };
}
