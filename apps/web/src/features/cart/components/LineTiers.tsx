import { memo } from 'react';
import type { TierDescription } from '@kc/domain';
import s from './cart.module.css';

const STATE_LABEL: Record<TierDescription['state'], string> = {
  not_reached: '未达到',
  applied: '已生效',
  superseded: '已满足',
};

/**
 * The ladder tiers of a line in their three states (SPEC §4): not reached with the shortfall,
 * reached and in effect, reached but not applied because a better price wins.
 */
export const LineTiers = memo(function LineTiers({
  tiers,
  unit,
}: {
  tiers: TierDescription[];
  unit: string;
}) {
  if (tiers.length === 0) return null;
  return (
    <ul className={s.tiers} aria-label="阶梯价">
      {tiers.map((t) => (
        <li key={t.number} className={`${s.tier} ${s[t.state]}`} data-state={t.state}>
          <span className={s.tierHead}>
            满{t.number}
            {unit} ¥{t.price}
          </span>
          <span className={s.tierText} title={STATE_LABEL[t.state]}>
            {t.text}
          </span>
        </li>
      ))}
    </ul>
  );
});
