import type { FullSpendTierView, GoodsTag, LineTag, PurchaseBlock, TierDescription } from '@kc/domain';

/**
 * The cart replies as the server sends them (apps/server/src/modules/cart/view.ts and
 * state.ts). The domain package has no reply types for the cart yet, so they are written
 * here once; amounts are yuan strings with two decimals.
 */

/** The goods of a cart line; a combination (type 3) carries only the first fields and `items`. */
export interface CartGoods {
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
export interface CartLine {
  id: number;
  /** 0 normal, 1 flash sale, 3 combination. */
  type: number;
  combination: 0 | 1;
  goods: CartGoods;
  /** Unit price charged. */
  price: string;
  number: number;
  is_selected: 0 | 1;
  with_coupon: 0 | 1;
  /** The line after its full-spend share. */
  amount: string;
  goods_manjian_amount: string;
  /** List unit price before promotions. */
  raw_price: string;
  /** price × number, before the full-spend share. */
  raw_price_manjian: string;
  gift_data: { total: number; type: 0 | 1 | 2; name: string };
  ladder: TierDescription[];
  tags: LineTag[];
  unavailable: { reason: string | null; message: string } | null;
  block: PurchaseBlock | null;
  quantity_problem: string | null;
  price_changed: { old: string; new: string } | null;
}

export interface CartTotals {
  count: number;
  selected_count: number;
  goods_amount: string;
  manjian_amount: string;
  payable_amount: string;
  shipping_amount: string;
  order_amount: string;
}

export interface ShippingData {
  shipping_amount: string;
  /** The order amount from which orders ship free. */
  no_trans_order_amount: string;
  /** How much more to buy for free shipping; "0.00" when free. */
  short_amount: string;
}

/** The SPEC §3 cart state. */
export interface CartState {
  /** 1: the cart changed, views holding it reload. */
  action: 0 | 1;
  data: CartLine[];
  shipping_data: ShippingData;
  activity_data: {
    manjians: { id: number; name: string; eligible_amount: string; manjians: FullSpendTierView[] } | null;
    discount: { rate_per_mille: number; name: string } | null;
  };
  filter_data: {
    filters: number;
    ck_id: number | null;
    warehouses: { ck_id: number; name: string; count: number }[];
  };
  total: CartTotals;
  price_changed: { id: number; goods_id: number; old: string; new: string }[];
}

/** `POST /api/cart` and quick add. */
export interface AddReply {
  action: 1;
  /** Lines in the cart now. */
  total: number;
  lines: { id: number; goods_id: number; type: number; number: number }[];
  price_changed: { goods_id: number; old: string; new: string }[];
}

/** Why a line stops the checkout. */
export interface CheckoutProblem {
  id: number;
  goods_id: number;
  name: string;
  reason: 'unavailable' | 'blocked' | 'quantity' | 'price_changed';
  message: string;
}

/** The data of a refused checkout (an error reply). */
export interface CheckoutRefusal {
  can_checkout: false;
  problems: CheckoutProblem[];
  price_changed: { id: number; goods_id: number; old: string; new: string }[];
}

/** `POST /api/cart/checkout` when the selection can go on. */
export interface CheckoutPreview extends CartTotals {
  can_checkout: true;
  lines: CartLine[];
  shipping_data: ShippingData;
}

/** `POST /api/cart/next_hint`. */
export interface NextHint {
  activity: { id: number; name: string } | null;
  eligible_amount: string;
  reduce_amount: string;
  next: { amount: string; reduce: string; missing: string } | null;
  text: string;
}
