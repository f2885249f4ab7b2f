import { fenToYuan, type CheckoutPreviewView, type CheckoutRefusalView } from '@kc/domain';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { loadCart } from '../../modules/cart/load.js';
import { acknowledgePrices, problemsOf } from '../../modules/cart/problems.js';
import { priceLoaded } from '../../modules/cart/state.js';
import { lineView, priceChanges, totalsView } from '../../modules/cart/view.js';
import { assertContractSigned } from '../../modules/compliance/service.js';
import { chosenLineIds } from './selection.js';

/**
 * `POST /api/cart/checkout`: checks the lines to order (`ids`, else the selection) and returns
 * the order preview, or refuses (400) with every reason. A changed list price is one reason;
 * the refusal records the new price as shown, so checking out again after seeing it goes on.
 */
export async function checkout(
  db: Db,
  memberId: number,
  ids: number[] | undefined,
  now: Date,
): Promise<CheckoutPreviewView> {
  const cart = await loadCart(db, memberId, now);
  const chosen = chosenLineIds(cart, ids);
  const priced = priceLoaded(cart, now, chosen);
  const problems = problemsOf(cart, priced, chosen);
  if (problems.length > 0) {
    const changed = priceChanges(cart, priced).filter((c) => chosen.has(c.id));
    if (changed.length > 0)
      await acknowledgePrices(
        db,
        memberId,
        changed.map((c) => c.id),
      );
    const refusal: CheckoutRefusalView = { can_checkout: false, problems, price_changed: changed };
    throw new AppError('business', problems[0]?.message ?? '无法结算', undefined, refusal);
  }
  // The selection can be ordered; going on to the order needs the signed e-contract (459 sends
  // the buyer to /dzht first). Checked last so the cart's own reasons are told first.
  await assertContractSigned(db, memberId);
  return {
    can_checkout: true,
    lines: cart.lines.flatMap((l, i) => {
      const p = priced.lines[i];
      return p && chosen.has(l.row.id) ? [lineView(l, p, cart.shelf, cart.running.discount)] : [];
    }),
    ...totalsView(priced, chosen.size),
    shipping_data: {
      shipping_amount: fenToYuan(priced.shipping.shippingAmount),
      no_trans_order_amount: fenToYuan(priced.shipping.noTransOrderAmount),
      short_amount: fenToYuan(priced.shipping.shortAmount),
    },
  };
}
