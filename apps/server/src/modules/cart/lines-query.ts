import { sql } from 'drizzle-orm';
import type { GoodsTag, LadderTier } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { rowsOf } from '../activity/service.js';

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
}

export interface StoredLineWithGoods {
  row: StoredLine;
  goods: CartGoods | null;
  warehouse: string | null;
}

/**
 * A member's lines with their goods and warehouse as ONE json value: one row crosses the wire
 * instead of 300 wide ones, which is what makes a 300-line cart cheap on PGlite (whose cost is
 * per row and field) and on PostgreSQL alike. `lineId` narrows it to one line (edit).
 */
export async function storedLines(
  db: Queryable,
  memberId: number,
  lineId?: number,
): Promise<StoredLineWithGoods[]> {
  const res = await db.execute(sql`
    select coalesce(json_agg(json_build_object(
      'row', json_build_object('id', l.id, 'kind', l.kind, 'itemId', l.item_id, 'number', l.number,
        'isSelected', l.is_selected, 'shownPrice', l.shown_price),
      'warehouse', w.name,
      'goods', case when g.id is null then null else json_build_object(
        'id', g.id, 'name', g.name, 'sccj', g.sccj, 'ypgg', g.ypgg, 'images', g.images, 'ckId', g.ck_id,
        'bzdw', g.bzdw, 'zbz', g.zbz, 'jzl', g.jzl, 'roundToCase', g.round_to_case, 'stock', g.stock,
        'isBuy', g.is_buy, 'onShelf', g.on_shelf, 'price', g.price, 'qgNumber', g.qg_number,
        'ladderPrice', g.ladder_price, 'ladderPriceType', g.ladder_price_type,
        'isFreeShipping', g.is_free_shipping, 'freeShippingNumber', g.free_shipping_number,
        'isDpby', g.is_dpby, 'type', g.type, 'tags', g.tags, 'categoryId', g.category_id,
        'isHm', g.is_hm, 'approvalNo', g.approval_no) end
    ) order by l.id), '[]'::json)::text as lines
    from cart_lines l
    left join goods g on l.kind = 0 and g.id = l.item_id
    left join warehouses w on w.id = g.ck_id
    where l.member_id = ${memberId} ${lineId === undefined ? sql`` : sql`and l.id = ${lineId}`}`);
  const [first] = rowsOf<{ lines: string }>(res);
  return first ? (JSON.parse(first.lines) as StoredLineWithGoods[]) : [];
}
