import { Tag } from 'antd';
import type { ManfanProgressView } from '@kc/domain';
import s from './cart.module.css';

/**
 * The running 满返 (cashback after the order completes): its tiers, reached ones marked, and
 * the selection's progress ('已满100元，订单完成后返3元' / '再买¥x.xx可返¥y'), as the server
 * counted it (goods in scope, after 满减; coupons come off at check-order).
 */
export function CashbackPanel({ activity }: { activity: ManfanProgressView | null | undefined }) {
  if (!activity) return null;
  return (
    <section className={s.panel} aria-label="满返活动">
      <h3 className={s.panelTitle}>
        <Tag color="red">返</Tag>
        {activity.name}
      </h3>
      <ul className={s.fullTiers}>
        {activity.tiers.map((t) => (
          <li key={t.amount} data-status={t.status}>
            <Tag color={t.status === 1 ? 'red' : 'default'}>{t.text}</Tag>
          </li>
        ))}
      </ul>
      <div className={s.hint} role="status">
        参与满返金额 ¥{activity.eligible_amount}
        {activity.text ? `，${activity.text}` : ''}
      </div>
    </section>
  );
}
