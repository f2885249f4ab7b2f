import { useCallback, useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import { CART_MESSAGES, LIMITS, checkQuantity, type CartAddItem, type GoodsItem } from '@kc/domain';
import { useAddToCart } from './add';

/** What an add-to-cart control needs to know about a goods (a list item or a detail). */
export type AddableGoods = Pick<
  GoodsItem,
  | 'id'
  | 'price'
  | 'zbz'
  | 'jzl'
  | 'round_to_case'
  | 'bzdw'
  | 'number'
  | 'qg_number'
  | 'is_buy'
  | 'ck_id'
  | 'type'
  | 'buy_block'
>;

/** One `POST /api/cart` item: the price the buyer saw goes along, so a change is reported. */
export function cartItem(g: AddableGoods, number: number): CartAddItem {
  return {
    goods_id: g.id,
    price: g.price ?? undefined,
    number,
    ck_id: g.ck_id > 0 ? g.ck_id : undefined,
    type: g.type === 1 ? 1 : undefined,
  };
}

/**
 * The quantity rules' first refusal for `number` of `g` (domain checkQuantity, with the goods'
 * own case rounding, as the server checks the add), or null.
 */
export function quantityProblem(g: AddableGoods, number: number): string | null {
  const check = checkQuantity(number, {
    zbz: g.zbz,
    qgNumber: g.qg_number,
    stock: g.number,
    jzl: g.jzl,
    roundToCase: g.round_to_case === 1,
    bzdw: g.bzdw,
  });
  return check.ok ? null : check.message;
}

/**
 * Adds items after the SPEC §4/§9 delay of 200 ms (a second click within it restarts the wait,
 * so a double click adds once), then says 加入购物车成功 (with `note`, e.g. how the quantity
 * was rounded). A refusal is shown by the API client with the server's reason.
 */
export function useCartAdder() {
  const { message } = App.useApp();
  const { mutate, isPending } = useAddToCart();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const add = useCallback(
    (items: CartAddItem[], onDone?: () => void, note = '') => {
      clearTimeout(timer.current);
      setWaiting(true);
      timer.current = setTimeout(() => {
        setWaiting(false);
        mutate(items, {
          onSuccess: (reply) => {
            const changed = reply.price_changed.length > 0;
            const parts = [CART_MESSAGES.added, note, changed ? CART_MESSAGES.priceChanged : ''];
            void message.success(parts.filter(Boolean).join('，'));
            onDone?.();
          },
        });
      }, LIMITS.cartAddDelayMs);
    },
    [message, mutate],
  );
  return { add, busy: waiting || isPending };
}
