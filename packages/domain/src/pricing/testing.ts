import type { CartLineInput } from './line.js';
import type { PricingGoods } from './types.js';

/** A plain goods for the pricing tests: 12.90, middle pack 10, stock 1,000, no promotion. */
export const testGoods = (id: number, over: Partial<PricingGoods> = {}): PricingGoods => ({
  id,
  price: 1290,
  ladderPrice: [],
  ladderPriceType: 0,
  isBuy: true,
  stock: 1000,
  zbz: 10,
  jzl: 0,
  roundToCase: false,
  qgNumber: 0,
  isFreeShipping: false,
  freeShippingNumber: 0,
  isDpby: false,
  type: 0,
  bzdw: '盒',
  ...over,
});

/** A selected cart line of `quantity` units of testGoods(id) unless `over` says otherwise. */
export const testLine = (id: number, quantity: number, over: Partial<CartLineInput> = {}): CartLineInput => ({
  id,
  goods: testGoods(id),
  quantity,
  selected: true,
  ...over,
});
