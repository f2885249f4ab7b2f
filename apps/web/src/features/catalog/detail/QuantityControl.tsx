import { useRef, useState } from 'react';
import { InputNumber, Tooltip } from 'antd';
import { snap, snapNote } from '../../../shared/cart/quantity';

interface Props {
  value: number;
  onChange: (n: number) => void;
  /** Middle pack: the default and the step (SPEC §5). */
  step: number;
  /** The most that may be bought: the purchase limit or the stock. */
  max: number;
  unit: string;
  disabled?: boolean;
}

/** Rounds to a whole number of middle packs within [step, max] (the steppers' own rule). */
export function toPackMultiple(n: number, step: number, max: number): number {
  return snap(n, { zbz: step, qgNumber: 0, stock: Math.max(step, max) });
}

/**
 * Quantity input stepping by the middle pack (zbz); typed values snap to a whole pack, and
 * when one did, a tooltip says how (已按中包装10盒调整为30盒).
 */
export function QuantityControl({ value, onChange, step, max, unit, disabled }: Props) {
  const s = Math.max(1, step);
  const typed = useRef<number | null>(null);
  const [note, setNote] = useState('');
  return (
    <Tooltip title={note} open={note !== ''} onOpenChange={(open) => open || setNote('')}>
      <InputNumber
        aria-label="采购数量"
        mode="spinner"
        min={s}
        max={Math.max(s, max)}
        step={s}
        precision={0}
        value={value}
        disabled={disabled}
        suffix={unit}
        onChange={(v) => {
          if (typeof v !== 'number') return;
          typed.current = v;
          onChange(toPackMultiple(v, s, max));
        }}
        onBlur={() => {
          const n = typed.current;
          typed.current = null;
          setNote(n === null ? '' : snapNote(n, { zbz: s, qgNumber: 0, stock: Math.max(s, max) }, unit));
        }}
      />
    </Tooltip>
  );
}
