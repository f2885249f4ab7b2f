import { useEffect, useState } from 'react';
import { Button, InputNumber, Space, Tooltip } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { maxOf, snap, snapNote, stepOf, type StepRules } from './quantity';
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
 * − [n] +: steps by the middle pack (zbz; whole cases for goods sold by the case) between one
 * step and the purchase limit or stock. Buttons change at once; a typed number is taken on
 * Enter or blur, snapped to a whole step, and a tooltip says how it was changed.
 */
export function QuantityStepper({ value, rules, unit, onChange, disabled, size = 'small' }: Props) {
  const [draft, setDraft] = useState<number | null>(value);
  const [note, setNote] = useState('');
  useEffect(() => setDraft(value), [value]);
  const step = stepOf(rules);
  const max = maxOf(rules);
  const commit = (n: number | null, typed = false) => {
    const next = snap(n ?? value, rules);
    setNote(typed && n !== null ? snapNote(n, rules, unit) : '');
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
        <Tooltip title={note} open={note !== ''} onOpenChange={(open) => open || setNote('')}>
          <InputNumber
            aria-label="采购数量"
            controls={false}
            precision={0}
            min={1}
            value={draft}
            disabled={disabled}
            className={s.quantity}
            onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
            onPressEnter={() => commit(draft, draft !== value)}
            onBlur={() => commit(draft, draft !== value)}
          />
        </Tooltip>
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
