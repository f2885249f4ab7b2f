import { eq, sql, type SQL } from 'drizzle-orm';
import { PRICE_HINTS, fenToYuan, type GoodsItem, type PurchaseBlock } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { memberSettings, members } from '../account/schema.js';
import { kxVisibilitySql } from './kx.js';
import { goods, goodsLots } from './schema.js';

/** Who is looking decides whether prices show (issue 3 §6). */
export type PriceAudience = 'visitor' | 'pending' | 'approved';

/**
 * The audience of a caller: visitors and members whose qualifications are not approved see
 * no prices. Reads the member's review status (the account module owns the table; this is
 * the one read the catalogue makes of it).
 */
export async function priceAudience(db: Queryable, memberId: number | null): Promise<PriceAudience> {
  if (memberId == null) return 'visitor';
  const [m] = await db
    .select({ status: members.status })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return audienceOf(m?.status);
}

/** What prices a member of this review status sees (no member: a visitor's). */
const audienceOf = (status: string | undefined): PriceAudience =>
  status === 'approved' ? 'approved' : status !== undefined ? 'pending' : 'visitor';

/** Why a buyer may not buy each of these goods: only blocked goods are in the map. */
export type BuyBlocks = (goodsIds: number[]) => Promise<Map<number, PurchaseBlock>>;

/** Who is looking: the member (or null for a visitor) and what prices they may see. */
export interface Viewer {
  memberId: number | null;
  audience: PriceAudience;
  /**
   * The purchase rules that tell a member why a goods cannot be bought (`buy_block` on lists
   * and the detail). Compliance owns them; the browse flow (flows/browse) supplies them.
   */
  buyBlocks?: BuyBlocks;
  /** The member's shelf-life floor in months (0 or absent: none; decision 064). */
  shelfMonths?: number;
}

/**
 * The viewer behind a request's member id: one query for members (review status and the
 * shelf-life floor together), none for visitors.
 */
export async function viewerOf(db: Queryable, memberId: number | null): Promise<Viewer> {
  if (memberId == null) return { memberId, audience: 'visitor' };
  const [m] = await db
    .select({ status: members.status, shelfMonths: memberSettings.shelfMonths })
    .from(members)
    .leftJoin(memberSettings, eq(memberSettings.memberId, members.id))
    .where(eq(members.id, memberId))
    .limit(1);
  return {
    memberId,
    audience: audienceOf(m?.status),
    shelfMonths: m?.shelfMonths ?? 0,
  };
}

/** A visitor: no prices, no 控销 goods. */
export const VISITOR: Viewer = { memberId: null, audience: 'visitor' };

/**
 * Goods a viewer may see at all: on the shelf, and 控销 goods only where a release rule opens
 * them to the viewer (kx.ts). Every catalogue read filters with this.
 */
export function visibleTo(viewer: Pick<Viewer, 'memberId'>): SQL {
  return sql`(${goods.onShelf} and ${kxVisibilitySql(viewer.memberId)})`;
}

// The earliest expiry among the lots still in stock, as text so both drivers return 'YYYY-MM-DD'.
// The lots table is aliased and goods qualified: drizzle leaves columns unqualified in a
// single-table select, where a bare "id" inside the subquery would mean the lot's id.
export const validity = sql<
  string | null
>`(select min(l.expires_on)::text from ${goodsLots} l where l.goods_id = ${goods}.id and l.quantity > 0)`;

export type GoodsRow = typeof goods.$inferSelect;

/**
 * The columns a list item shows: a list selects these rather than whole rows, whose search
 * terms and pinyin (half the row) would be read and parsed for nothing.
 */
export const itemColumns = {
  id: goods.id,
  name: goods.name,
  tradeName: goods.tradeName,
  sccj: goods.sccj,
  ypgg: goods.ypgg,
  images: goods.images,
  isBuy: goods.isBuy,
  stock: goods.stock,
  basePrice: goods.basePrice,
  price: goods.price,
  bzdw: goods.bzdw,
  zbz: goods.zbz,
  jzl: goods.jzl,
  roundToCase: goods.roundToCase,
  ladderPrice: goods.ladderPrice,
  ladderPriceType: goods.ladderPriceType,
  isFreeShipping: goods.isFreeShipping,
  freeShippingNumber: goods.freeShippingNumber,
  isDpby: goods.isDpby,
  qgNumber: goods.qgNumber,
  isYoux: goods.isYoux,
  isHm: goods.isHm,
  type: goods.type,
  tags: goods.tags,
  ckId: goods.ckId,
  approvalNo: goods.approvalNo,
  sales: goods.sales,
};
export type ItemRow = Pick<GoodsRow, keyof typeof itemColumns>;

/** A goods row as the list calls show it to `audience`; `validity` is the earliest lot's expiry. */
export function goodsItem(g: ItemRow, validity: string | null, audience: PriceAudience): GoodsItem {
  const show = audience === 'approved';
  return {
    id: g.id,
    name: g.name,
    trade_name: g.tradeName,
    sccj: g.sccj,
    ypgg: g.ypgg,
    goods_image: g.images.map((list) => ({ list })),
    is_buy: g.isBuy ? 1 : 0,
    number: g.stock,
    base_price: show ? fenToYuan(g.basePrice) : null,
    price: show ? fenToYuan(g.price) : null,
    price_hint: show ? null : PRICE_HINTS[audience === 'visitor' ? 'visitor' : 'pending'],
    bzdw: g.bzdw,
    zbz: g.zbz,
    jzl: g.jzl,
    round_to_case: g.roundToCase ? 1 : 0,
    // Tier prices are prices too: hidden with the rest.
    ladder_price: show ? g.ladderPrice.map((t) => ({ number: t.number, price: fenToYuan(t.price) })) : [],
    ladder_price_type: g.ladderPriceType,
    is_free_shipping: g.isFreeShipping ? 1 : 0,
    free_shipping_number: g.freeShippingNumber,
    is_dpby: g.isDpby ? 1 : 0,
    qg_number: g.qgNumber,
    is_youx: g.isYoux ? 1 : 0,
    is_hm: g.isHm ? 1 : 0,
    type: g.type,
    tags: g.tags.filter((t) => t.is_show),
    ck_id: g.ckId,
    approval_no: g.approvalNo,
    validity,
    sales: g.sales,
  };
}

/**
 * A list item or detail as one member sees it (SPEC §5): the rule that stops this member buying
 * it (`buy_block`, null when none) and `is_buy` for this member, so a goods blocked by scope,
 * licence or 控销 is not buyable in name only.
 */
export function forMember<T extends { is_buy: number }>(
  item: T,
  block: PurchaseBlock | null | undefined,
): T & { buy_block: PurchaseBlock | null } {
  return { ...item, is_buy: block ? 0 : item.is_buy, buy_block: block ?? null };
}
