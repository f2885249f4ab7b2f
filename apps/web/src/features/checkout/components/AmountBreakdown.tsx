import type { CheckOrderView } from '@kc/domain';
import s from './checkout.module.css';

type Row = { label: string; value: string; minus?: boolean; hint?: string };

/**
 * The check-order breakdown, goods to payable (amounts as the server priced them), and the
 * 满返 the order earns back once it completes (or what more would earn one).
 */
export function AmountBreakdown({ preview }: { preview: CheckOrderView }) {
  const a = preview.amounts;
  const cashback = preview.activity.manfan;
  const free = Number(a.shipping_amount) === 0;
  const shippingHint = free
    ? '已包邮'
    : `满¥${a.no_trans_order_amount}包邮${Number(a.short_amount) > 0 ? `，还差¥${a.short_amount}` : ''}`;
  const rows: Row[] = [
    { label: '商品金额', value: a.list_amount },
    { label: '阶梯/特价优惠', value: a.tier_saving, minus: true },
    { label: '满减', value: a.manjian_amount, minus: true, hint: preview.activity.manjian ?? undefined },
    { label: '优惠券', value: a.coupon_amount, minus: true },
    { label: '现金券', value: a.voucher_amount, minus: true },
    {
      label: '全场94折',
      value: a.discount_saving,
      minus: true,
      hint: preview.activity.discount ?? undefined,
    },
    { label: '运费', value: a.shipping_amount, hint: shippingHint },
  ];
  return (
    <dl className={s.breakdown} aria-label="金额明细">
      {rows.map((r) => (
        <div key={r.label}>
          <dt>
            {r.label}
            {r.hint && <span className={s.optionNote}>{r.hint}</span>}
          </dt>
          <dd aria-label={r.label}>
            {r.minus ? '-' : ''}¥{r.value}
          </dd>
        </div>
      ))}
      <div className={s.payable}>
        <dt>应付金额</dt>
        <dd aria-label="应付金额">¥{a.payable}</dd>
      </div>
      {cashback && (
        <div>
          <dt>
            满返<span className={s.optionNote}>{cashback.name}</span>
          </dt>
          <dd aria-label="满返" className={s.optionGain}>
            {Number(cashback.back) > 0 ? `订单完成后返 ¥${cashback.back}` : cashback.text}
          </dd>
        </div>
      )}
    </dl>
  );
}
