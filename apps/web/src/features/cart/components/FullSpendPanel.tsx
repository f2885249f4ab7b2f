import { Tag } from 'antd';
import type { CartStateView } from '@kc/domain';
import { useNextHint } from '../api/next-hint';
import s from './cart.module.css';

/**
 * The running full-spend (满减) activity: its tiers, reached ones first with status 1 (the
 * server orders them), and the next-tier hint for the selection (POST /api/cart/next_hint).
 */
export function FullSpendPanel({ activity }: { activity: CartStateView['activity_data']['manjians'] }) {
  const hint = useNextHint(activity ? activity.eligible_amount : null);
  if (!activity) return null;
  return (
    <section className={s.panel} aria-label="满减活动">
      <h3 className={s.panelTitle}>
        <Tag color="orange">满</Tag>
        {activity.name}
      </h3>
      <ul className={s.fullTiers}>
        {activity.manjians.map((t) => (
          <li key={t.amount} data-status={t.status}>
            <Tag color={t.status === 1 ? 'orange' : 'default'}>
              {t.text}
              {t.status === 1 ? '（已达成）' : ''}
            </Tag>
          </li>
        ))}
      </ul>
      <div className={s.hint} role="status">
        参与满减金额 ¥{activity.eligible_amount}
        {hint.data ? `，${hint.data.text}` : ''}
      </div>
    </section>
  );
}
