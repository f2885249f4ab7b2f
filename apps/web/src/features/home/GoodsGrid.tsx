import type { ReactNode } from 'react';
import type { GoodsItem } from '@kc/domain';
import { GoodsCard } from './GoodsCard';
import { EmptyBlock, GoodsSkeleton } from './Placeholders';
import s from './HomePage.module.css';

interface Props {
  goods: GoodsItem[] | undefined;
  pending: boolean;
  skeletonCount: number;
  columns?: 4 | 5;
}

/** A grid of goods cards with its loading and empty states. */
export function GoodsGrid({ goods, pending, skeletonCount, columns = 5 }: Props): ReactNode {
  if (pending) return <GoodsSkeleton count={skeletonCount} />;
  if (!goods || goods.length === 0) return <EmptyBlock />;
  return (
    <div className={columns === 4 ? s.row4 : s.row5}>
      {goods.map((g) => (
        <GoodsCard key={g.id} goods={g} />
      ))}
    </div>
  );
}
