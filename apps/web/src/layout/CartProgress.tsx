import { CheckOutlined } from '@ant-design/icons';
import s from './CartProgress.module.css';

const STEPS = ['我的购物车', '确认订单', '支付订单', '支付完成'] as const;

/** The checkout wizard's progress band on cart steps 1–4 (SPEC §2, §4). */
export function CartProgress({ step }: { step: 1 | 2 | 3 | 4 }) {
  return (
    <div className={s.band}>
      <ol className={s.steps} aria-label="购物流程">
        {STEPS.map((label, i) => {
          const n = i + 1;
          const state = n < step ? s.done : n === step ? s.current : s.todo;
          return (
            <li key={label} className={`${s.step} ${state}`} aria-current={n === step ? 'step' : undefined}>
              <span className={s.dot}>{n < step ? <CheckOutlined aria-hidden /> : n}</span>
              <span className={s.label}>{label}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
