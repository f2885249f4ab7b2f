import type { OrderAmountsView } from '@kc/domain';
import s from './order.module.css';

/** The rows and labels of the check-order breakdown (features/checkout AmountBreakdown). */
const ROWS: { key: keyof OrderAmountsView; label: string; minus?: boolean }[] = [
  { key: 'list_amount', label: '商品金额' },
  { key: 'tier_saving', label: '阶梯/特价优惠', minus: true },
  { key: 'manjian_amount', label: '满减', minus: true },
  { key: 'coupon_amount', label: '优惠券', minus: true },
  { key: 'voucher_amount', label: '现金券', minus: true },
  { key: 'discount_saving', label: '全场94折', minus: true },
  { key: 'shipping_amount', label: '运费' },
];

interface Props {
  amounts: OrderAmountsView;
  /** Paid orders say 实付金额, unpaid ones 应付金额. */
  paid: boolean;
}

/** 商品金额 less every saving, plus shipping, is the amount payable. */
export function AmountsBreakdown({ amounts, paid }: Props) {
  const total = paid ? '实付金额' : '应付金额';
  return (
    <dl className={s.breakdown} aria-label="金额明细">
      {ROWS.map((r) => (
        <div key={r.key}>
          <dt>{r.label}</dt>
          <dd aria-label={r.label}>
            {r.minus ? '-' : ''}¥{amounts[r.key]}
          </dd>
        </div>
      ))}
      <div className={s.total}>
        <dt>{total}</dt>
        <dd aria-label={total} className={s.money}>
          ¥{amounts.payable}
        </dd>
      </div>
    </dl>
  );
}
