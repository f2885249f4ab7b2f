import { sql } from 'drizzle-orm';
import type { BuyerFacts, GoodsTag, LadderTier } from '@kc/domain';
import { prepared, type Queryable } from '../../platform/db.js';
import { rowsOf } from '../activity/service.js';
import { buyerFactsJsonSql, kxVisibilitySql, type GoodsFactRow } from '../compliance/service.js';

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
}

/**
 * A member's lines with their goods, warehouse and compliance facts as ONE json value, and the
 * member's own compliance facts, in ONE statement: one row crosses the wire instead of 300 wide
 * ones, which is what makes a 300-line cart cheap on PGlite (whose cost is per row and field)
 * and on PostgreSQL alike, and every cart call waits for one round trip where it waited for
 * three (lines, then buyer facts beside goods facts). `lineId` narrows it to one line (edit).
 */
export async function cartSnapshot(db: Queryable, memberId: number, lineId?: number): Promise<CartSnapshot> {
  // The goods table keeps its name (no alias): kxVisibilitySql refers to "goods"."id".
  const res = await db.execute(
    prepared(sql`
    select (
      select coalesce(json_agg(json_build_object(
        'row', json_build_object('id', l.id, 'kind', l.kind, 'itemId', l.item_id, 'number', l.number,
          'isSelected', l.is_selected, 'shownPrice', l.shown_price),
        'warehouse', w.name,
        'goods', case when goods.id is null then null else json_build_object(
          'id', goods.id, 'name', goods.name, 'sccj', goods.sccj, 'ypgg', goods.ypgg,
          'images', goods.images, 'ckId', goods.ck_id, 'bzdw', goods.bzdw, 'zbz', goods.zbz,
          'jzl', goods.jzl, 'roundToCase', goods.round_to_case, 'stock', goods.stock,
          'isBuy', goods.is_buy, 'onShelf', goods.on_shelf, 'price', goods.price,
          'qgNumber', goods.qg_number, 'ladderPrice', goods.ladder_price,
          'ladderPriceType', goods.ladder_price_type, 'isFreeShipping', goods.is_free_shipping,
          'freeShippingNumber', goods.free_shipping_number, 'isDpby', goods.is_dpby,
          'type', goods.type, 'tags', goods.tags, 'categoryId', goods.category_id,
          'isHm', goods.is_hm, 'approvalNo', goods.approval_no, 'tradeName', goods.trade_name,
          'scopeClass', goods.scope_class, 'isKx', goods.zones @> array['kx']::text[],
          'kxVisible', ${kxVisibilitySql(memberId)}, 'category', c.name) end
      ) order by l.id), '[]'::json)
      from cart_lines l
      left join goods on l.kind = 0 and goods.id = l.item_id
      left join warehouses w on w.id = goods.ck_id
      left join categories c on c.id = goods.category_id
      where l.member_id = ${memberId} ${lineId === undefined ? sql`` : sql`and l.id = ${lineId}`}
    )::text as lines, ${buyerFactsJsonSql(memberId)}::text as buyer`),
  );
  const [first] = rowsOf<{ lines: string; buyer: string | null }>(res);
  return {
    lines: first ? (JSON.parse(first.lines) as StoredLineWithGoods[]) : [],
    buyer: first?.buyer ? (JSON.parse(first.buyer) as BuyerFacts) : null,
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
