/**
 * Reply shapes of the checkout calls: the cart's checkout (`POST /api/cart/checkout`) and the
 * refusals of checking out and placing an order. The check-order page's own reply
 * (`POST /api/order/preview`) is `CheckOrderView` in ./order/views.ts. One type for the server
 * that sends them and the web app that reads them.
 */
import type { CartLineView, CartPriceChangeView, CartShippingView, CartTotalsView } from './cart-views.js';

/** Why a cart line stops the checkout (also an order's refusal, without `price_changed`). */
export interface CheckoutProblem {
  /** Cart line id. */
  id: number;
  goods_id: number;
  name: string;
  reason: 'unavailable' | 'blocked' | 'quantity' | 'price_changed';
  message: string;
}

/** `POST /api/cart/checkout` when the selection can go on to the check-order page. */
export interface CheckoutPreviewView extends CartTotalsView {
  can_checkout: true;
  lines: CartLineView[];
  shipping_data: CartShippingView;
}

/** The data of a refused checkout (an error reply): every reason and the prices that moved. */
export interface CheckoutRefusalView {
  can_checkout: false;
  problems: CheckoutProblem[];
  price_changed: CartPriceChangeView[];
}

/** A goods an order cannot draw enough lots of when it is placed. */
export interface StockProblem {
  goods_id: number;
  name: string;
  reason: 'stock';
  message: string;
}

/** What a refused `POST /api/order` lists in its data's `problems`. */
export type PlaceProblem = CheckoutProblem | StockProblem;

/** The status of an order's 满返 cashback: 待返 until completion, then 已返, or 已取消. */
export type CashbackStatus = 'pending' | 'credited' | 'cancelled';

/** An order's 满返 cashback as its detail shows it (`cashback` of the order detail). */
export interface OrderCashbackView {
  /** The 满返 activity's name. */
  name: string;
  /** What the order earns back (credited, or to be credited on completion). */
  amount: string;
  /** Taken back from the balance by returns so far (money log 7). */
  reversed: string;
  status: CashbackStatus;
  /** 待返, 已返, 已扣回 ¥x.xx, 已取消. */
  status_text: string;
}
