import type { Fen } from '../money.js';
import type { LineTag } from './types.js';

/** A flash-sale (秒杀, goods type 1) offer as the rules see it. */
export interface FlashSale {
  /** The flash price per unit. */
  price: Fen;
  /** Per-buyer limit in units; 0 none. */
  limit: number;
  /** The session window [start, end), epoch milliseconds. */
  start: number;
  end: number;
  /** What the buyer is told the price is ('限时秒杀', '每日特价'); '秒杀价' when absent. */
  name?: string;
}

/** The tag every flash-sale line carries; hidden (is_show 0) so lists show only the 秒 badge. */
export const FLASH_SALE_TAG: LineTag = { name: '秒杀', describe: '限时秒杀', is_show: 0 };

/** Whether the flash sale runs at `now` (epoch ms): start inclusive, end exclusive. */
export function flashSaleActive(sale: FlashSale, now: number): boolean {
  return now >= sale.start && now < sale.end;
}

/** What a flash sale does to a line. */
export interface FlashSaleOutcome {
  /** The flash price, or null when it does not apply (outside the window). */
  price: Fen | null;
  /** Units over the per-buyer limit; 0 when within. */
  overLimit: number;
  tags: LineTag[];
}

/**
 * Applies a flash sale to a line of `quantity` units at `now`: inside the window the flash
 * price applies and the hidden tag is added; quantities above the per-buyer limit are
 * reported (the quantity rules refuse them), never silently charged at the flash price.
 */
export function applyFlashSale(sale: FlashSale, quantity: number, now: number): FlashSaleOutcome {
  if (!flashSaleActive(sale, now)) return { price: null, overLimit: 0, tags: [] };
  const overLimit = sale.limit > 0 ? Math.max(0, quantity - sale.limit) : 0;
  return { price: sale.price, overLimit, tags: [FLASH_SALE_TAG] };
}
