import type { LotExpiryView } from './pay-security.js';
/**
 * Reply shapes of the cart calls (SPEC §3 cart state, docs/api). The server builds them
 * (apps/server/src/modules/cart/view.ts, state.ts) and the web app reads them: one type for
 * both. Amounts are yuan strings with two decimals ("12.50").
 */
import type { GoodsTag } from './catalog.js';
import type { PurchaseBlock } from './compliance.js';
import type { IneligibleReason } from './pricing/eligibility.js';
import type { FullSpendTierView } from './pricing/full-spend.js';
import type { GiftData } from './pricing/gift.js';
import type { TierDescription } from './pricing/ladder.js';
import type { ReductionView } from './pricing/reductions.js';
import type { LineTag } from './pricing/types.js';

/**
 * The goods of a cart line. A combination (type 3) and a goods no longer on sale carry only
 * the first fields (a combination adds `items`); the optional ones come with a goods on sale.
 */
export interface CartGoodsView {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  goods_image: { list: string }[];
  ck_id: number;
  ck_name?: string;
  bzdw: string;
  zbz: number;
  jzl?: number;
  /** 1: quantities round up to a full case (`jzl`), as the server does on add and edit. */
  round_to_case?: 0 | 1;
  /** Stock. */
  number?: number;
  is_buy?: number;
  qg_number?: number;
  ladder_price?: { number: number; price: string }[];
  ladder_price_type?: number;
  is_free_shipping?: number;
  free_shipping_number?: number;
  is_dpby?: number;
  type?: number;
  tags?: GoodsTag[];
  items?: { goods_id: number; number: number; price: string }[];
}

/** One cart line (SPEC §3) with the pricing engine's explanations. */
export interface CartLineView {
  id: number;
  /** 0 normal, 1 flash sale, 3 combination. */
  type: number;
  combination: 0 | 1;
  goods: CartGoodsView;
  /** Unit price charged. */
  price: string;
  number: number;
  is_selected: 0 | 1;
  /** Coupons may apply (not to flash-sale or combination lines). */
  with_coupon: 0 | 1;
  /** The line after its full-spend share. */
  amount: string;
  goods_manjian_amount: string;
  /** List unit price before promotions. */
  raw_price: string;
  /** price × number, before the full-spend share. */
  raw_price_manjian: string;
  gift_data: GiftData;
  ladder: TierDescription[];
  tags: LineTag[];
  unavailable: { reason: IneligibleReason | null; message: string } | null;
  block: PurchaseBlock | null;
  quantity_problem: string | null;
  price_changed: { old: string; new: string } | null;
  /** The expiry of the lots (FEFO, above the buyer's shelf-life floor) the line would get. */
  lot_expiry?: LotExpiryView | null;
  /** Each reduction from the list price named with its amount (ladder, 94折, flash, combination, 满减 share). */
  reductions?: ReductionView[];
}

/** The totals of a cart (or of a checked-out selection). */
export interface CartTotalsView {
  count: number;
  selected_count: number;
  goods_amount: string;
  manjian_amount: string;
  payable_amount: string;
  shipping_amount: string;
  order_amount: string;
}

export interface CartShippingView {
  shipping_amount: string;
  /** The order amount from which orders ship free. */
  no_trans_order_amount: string;
  /** How much more to buy for free shipping; "0.00" when free. */
  short_amount: string;
}

/** A line whose goods' list price moved since the buyer saw it. */
export interface CartPriceChangeView {
  id: number;
  goods_id: number;
  old: string;
  new: string;
}

/**
 * The running 满返 (full-spend cashback, credited after the order completes) for a selection:
 * the amount in its scope (the cart: after 满减; the check-order page: after coupons and
 * vouchers too), the tier reached, the next one and one line of text for the page.
 */
export interface ManfanProgressView {
  id: number;
  name: string;
  eligible_amount: string;
  /** The cashback of the reached tier, '0.00' when none is reached. */
  back: string;
  /** Every tier from the lowest; status 1 when reached. */
  tiers: { amount: string; back: string; status: 0 | 1; text: string }[];
  /** The next tier, its cashback and how much more to buy for it; null at the top. */
  next: { amount: string; back: string; missing: string } | null;
  /** '已满1000元，订单完成后返30元' and/or '再买¥200.00可返¥50'. */
  text: string;
}

/** The SPEC §3 cart state (`GET /api/cart/list`, batch select, batch delete). */
export interface CartStateView {
  /** 1: the cart changed, views holding it reload. */
  action: 0 | 1;
  data: CartLineView[];
  shipping_data: CartShippingView;
  activity_data: {
    manjians: { id: number; name: string; eligible_amount: string; manjians: FullSpendTierView[] } | null;
    discount: { rate_per_mille: number; name: string } | null;
    /** The running 满返 and the selection's progress on it; absent or null when none runs. */
    manfan?: ManfanProgressView | null;
  };
  filter_data: {
    filters: number;
    ck_id: number | null;
    warehouses: { ck_id: number; name: string; count: number }[];
  };
  total: CartTotalsView;
  price_changed: CartPriceChangeView[];
}

/** `POST /api/cart` and `POST api/cart/quick_add/{id}`. */
export interface CartAddReply {
  action: 1;
  /** Lines in the cart now. */
  total: number;
  lines: { id: number; goods_id: number; type: number; number: number }[];
  price_changed: { goods_id: number; old: string; new: string }[];
}

/** `POST api/cart/{id}/edit`: the line repriced alone; `action` 1 says the totals must be reloaded. */
export interface CartEditReply {
  action: 0 | 1;
  line: CartLineView;
}

/** `GET api/cart/total`: the number of lines (the header badge). */
export interface CartTotalReply {
  total: number;
}

/** `POST /api/cart/copy`. */
export interface CartCopyReply {
  copied: number;
  other_user_ids: number[];
}

/** `POST /api/cart/next_hint`: the next full-spend tier for the selection. */
export interface NextHintView {
  activity: { id: number; name: string } | null;
  eligible_amount: string;
  reduce_amount: string;
  next: { amount: string; reduce: string; missing: string } | null;
  text: string;
}
