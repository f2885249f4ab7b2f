import { Radio } from 'antd';
import type { PaymentMethod, PayPageView } from '@kc/domain';
import s from './checkout.module.css';

interface Props {
  view: PayPageView;
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
}

/** The first method the order can be paid with, or null. */
export const firstEnabled = (view: PayPageView): PaymentMethod | null =>
  view.methods.find((m) => m.enabled === 1)?.method ?? null;

/** 余额支付 (with the balance), 对公转账 and 在线支付; a method that cannot be used says why. */
export function PayMethods({ view, value, onChange }: Props) {
  return (
    <Radio.Group
      className={s.options}
      value={value}
      onChange={(e) => onChange(e.target.value as PaymentMethod)}
      aria-label="支付方式"
      name="method"
    >
      {view.methods.map((m) => (
        <Radio key={m.method} value={m.method} disabled={m.enabled !== 1}>
          {m.label}
          {m.method === 'balance' && <span className={s.optionNote}>可用余额 ¥{view.balance}</span>}
          {m.enabled !== 1 && m.reason && <span className={s.optionGain}>{m.reason}</span>}
          {m.method === 'offline' && m.enabled === 1 && (
            <span className={s.optionNote}>汇款到公司账户，财务确认收款后发货</span>
          )}
        </Radio>
      ))}
    </Radio.Group>
  );
}
