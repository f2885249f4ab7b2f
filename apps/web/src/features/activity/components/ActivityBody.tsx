import type { ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { ActivityView } from '@kc/domain';
import { ActivityCoupons } from './ActivityCoupons';
import { ActivityRules } from './ActivityRules';
import { GoodsSections } from './GoodsSections';

interface Props {
  view: ActivityView;
  queryKey: QueryKey;
  /** Shown instead of the sections when the activity lists no goods. */
  empty?: ReactNode;
}

/**
 * Under the banner and the state line: the rules, the coupons to claim, the goods (a flash
 * sale's or daily special's priced items first, then the sections).
 */
export function ActivityBody({ view, queryKey, empty }: Props) {
  // 秒杀 and 每日特价 list their priced items (activity price, limit) rather than sections.
  const sections = view.items.length
    ? [{ title: `${view.kind_text}商品`, list: view.items }, ...view.sections]
    : view.sections;
  const hasGoods = sections.some((section) => section.list.length > 0);
  return (
    <>
      <ActivityRules view={view} />
      <ActivityCoupons coupons={view.coupons} queryKey={queryKey} />
      {hasGoods || !empty ? <GoodsSections sections={sections} /> : empty}
    </>
  );
}
