import type { ActivityView } from '@kc/domain';
import s from './activity.module.css';

/** What the buyer gets beyond the shown price, by kind (docs/api/activity.md). */
const KIND_NOTE: Partial<Record<ActivityView['kind'], string>> = {
  manfan: '活动商品实付金额达到档位即返现，订单完成（确认收货）后返至账户余额；退货后按剩余金额重新计算。',
  manjian: '活动商品金额达到档位，结算时自动减免。',
  discount: '活动期间全场商品结算时自动享受折扣（秒杀、特价、组合及个别指定商品除外）。',
  gift: '购买活动商品达到数量，结算时自动赠送。',
};

/** 活动规则: the tiers (满1000返30 …), the store-wide rate, the gift rule and the description. */
export function ActivityRules({ view }: { view: ActivityView }) {
  const note = KIND_NOTE[view.kind];
  if (!view.tiers.length && !view.rate && !view.gift_text && !view.description && !note) return null;
  return (
    <section className={s.rules} aria-label="活动规则">
      <h2>活动规则</h2>
      {view.tiers.length > 0 && (
        <ul className={s.tiers}>
          {view.tiers.map((t) => (
            <li key={t.amount}>{t.text}</li>
          ))}
        </ul>
      )}
      {view.rate && (
        <p>
          全场 <span className={s.rate}>{view.rate}折</span>
        </p>
      )}
      {view.gift_text && (
        <ul className={s.tiers}>
          <li>{view.gift_text}</li>
        </ul>
      )}
      {note && <p className={s.description}>{note}</p>}
      {view.description && <p className={s.description}>{view.description}</p>}
    </section>
  );
}
