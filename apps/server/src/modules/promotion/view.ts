import {
  chinaDateTime,
  COUPON_KINDS,
  COUPON_SCOPES,
  fenToYuan,
  type CouponOptionView,
  type CouponQuote,
  type CouponScope,
} from '@kc/domain';
import type { HeldCoupon } from './service.js';

const SCOPE_TEXT: Record<CouponScope, string> = COUPON_SCOPES;

/** "满100.00减10.00", "9.5折" (满500.00享9.5折), "现金券20.00元" (满100.00可用现金券20.00元). */
export function couponText(c: Pick<HeldCoupon, 'kind' | 'threshold' | 'amount' | 'rate'>): string {
  const over = c.threshold > 0 ? `满${fenToYuan(c.threshold)}` : '';
  if (c.kind === 'manjian') return `满${fenToYuan(c.threshold)}减${fenToYuan(c.amount)}`;
  if (c.kind === 'discount') return `${over ? `${over}享` : ''}${c.rate / 100}折`;
  return `${over ? `${over}可用` : ''}现金券${fenToYuan(c.amount)}元`;
}

/** The coupon as the check-order page and the coupon list show it; `quote` prices it for a selection. */
export function couponOptionView(c: HeldCoupon, quote: CouponQuote | null): CouponOptionView {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    kind_text: COUPON_KINDS[c.kind],
    threshold: fenToYuan(c.threshold),
    amount: fenToYuan(c.kind === 'discount' ? 0 : c.amount),
    rate: c.kind === 'discount' ? c.rate : 1000,
    scope_text: SCOPE_TEXT[c.scope],
    valid_from: chinaDateTime(c.validFrom),
    valid_to: chinaDateTime(c.validTo),
    text: couponText(c),
    usable: quote && !quote.usable ? 0 : 1,
    reason: quote?.reason ?? '',
    discount: fenToYuan(quote?.usable ? quote.discount : 0),
  };
}
