import { memo } from 'react';
import { fenToYuan, yuanToFen, type ReductionView } from '@kc/domain';
import s from './LineReductions.module.css';

/**
 * What a line saves, each reduction named (issue 17 §3): 阶梯价（满50盒）, 全场94折, 限时秒杀,
 * 组合优惠, 满减分摊 and, at check-order, 优惠券分摊 and 现金券分摊, with the total saved.
 * The total heads them when there are several. `inline` puts them on one wrapping line (the
 * cart drawer); otherwise one per line.
 */
export const LineReductions = memo(function LineReductions({
  reductions,
  inline = false,
}: {
  reductions: ReductionView[] | undefined;
  inline?: boolean;
}) {
  if (!reductions || reductions.length === 0) return null;
  const total = fenToYuan(reductions.reduce((sum, r) => sum + yuanToFen(r.amount), 0));
  return (
    <div className={inline ? s.inline : s.block} data-testid="line-reductions" aria-label={`已优惠¥${total}`}>
      {reductions.length > 1 && <span className={s.head}>已优惠¥{total}</span>}
      {reductions.map((r) => (
        <span key={r.kind} className={s.item} data-kind={r.kind}>
          {r.label} -¥{r.amount}
        </span>
      ))}
    </div>
  );
});
