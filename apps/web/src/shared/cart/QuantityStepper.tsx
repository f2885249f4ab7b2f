import { useEffect, useState } from 'react';
import { Button, InputNumber, Space } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { maxOf, snap, stepOf, type StepRules } from './quantity';
import s from './AddToCart.module.css';

interface Props {
  value: number;
  rules: StepRules;
  unit: string;
  onChange: (n: number) => void;
  disabled?: boolean;
  size?: 'small' | 'middle';
}

/**
 * − [n] +: steps by the middle pack (zbz) between one pack and the purchase limit or stock.
 * Buttons change at once; a typed number is taken on Enter or blur, snapped to a whole pack.
 */
export function QuantityStepper({ value, rules, unit, onChange, disabled, size = 'small' }: Props) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const step = stepOf(rules);
  const max = maxOf(rules);
  const commit = (n: number | null) => {
    const next = snap(n ?? value, rules);
    setDraft(next);
    if (next !== value) onChange(next);
  };
  return (
    <span className={s.stepper}>
      <Space.Compact size={size}>
        <Button
          aria-label="减少数量"
          icon={<MinusOutlined />}
          disabled={disabled || value <= step}
          onClick={() => commit(value - step)}
        />
        <InputNumber
          aria-label="采购数量"
          controls={false}
          precision={0}
          min={1}
          value={draft}
          disabled={disabled}
          className={s.quantity}
          onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
          onPressEnter={() => commit(draft)}
          onBlur={() => commit(draft)}
        />
        <Button
          aria-label="增加数量"
          icon={<PlusOutlined />}
          disabled={disabled || value + step > max}
          onClick={() => commit(value + step)}
        />
      </Space.Compact>
      <span className={s.unit}>{unit}</span>
    </span>
  );
}
