import { Card, Radio } from 'antd';
import type { CouponOptionView } from '@kc/domain';
import s from './checkout.module.css';

interface Props {
  /** 优惠券 or 现金券. */
  title: string;
  /** The field it sets: coupon_id or voucher_id. */
  name: 'coupon_id' | 'voucher_id';
  options: CouponOptionView[];
  /** The one applied (0 = none). */
  value: number;
  onChange: (id: number) => void;
  disabled?: boolean;
}

/**
 * The member's coupons (or cash vouchers) for this order: usable ones with what they take
 * off, unusable ones greyed with the reason. The server preselects the best one.
 */
export function CouponPicker({ title, name, options, value, onChange, disabled }: Props) {
  const usable = options.filter((o) => o.usable === 1).length;
  return (
    <Card title={`${title}（${usable}张可用）`} size="small" className={s.section}>
      <Radio.Group
        className={s.options}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as number)}
        aria-label={title}
        name={name}
      >
        <Radio value={0}>不使用{title}</Radio>
        {options.map((o) => (
          <Radio key={o.id} value={o.id} disabled={o.usable !== 1}>
            {o.text} {o.name}
            <span className={s.optionNote}>
              {o.scope_text} 有效期至{o.valid_to.slice(0, 10)}
            </span>
            {o.usable === 1 ? (
              <span className={s.optionGain}>-¥{o.discount}</span>
            ) : (
              <span className={s.optionNote}>{o.reason}</span>
            )}
          </Radio>
        ))}
      </Radio.Group>
    </Card>
  );
}
