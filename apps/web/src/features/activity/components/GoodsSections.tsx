import type { ReactNode } from 'react';
import { Empty } from 'antd';
import type { ActivitySection } from '@kc/domain';
import { ActivityGoodsCard } from './ActivityGoodsCard';
import s from './activity.module.css';

interface Props {
  sections: ActivitySection[];
  /** At most this many goods a section (an overview page); all by default. */
  limit?: number;
  /** Beside each section's title (e.g. 查看全部 on the hub's overview). */
  more?: (section: ActivitySection, index: number) => ReactNode;
}

/** The activity's goods, section by section, each a grid of cards with add to cart. */
export function GoodsSections({ sections, limit, more }: Props) {
  const shown = sections.filter((section) => section.list.length > 0);
  if (shown.length === 0) return <Empty description="暂无活动商品" style={{ padding: 60 }} />;
  return (
    <>
      {shown.map((section, i) => (
        <section key={`${section.title}-${i}`} className={s.section} aria-label={section.title || '活动商品'}>
          <div className={s.sectionHead}>
            <h2>{section.title || '活动商品'}</h2>
            {more?.(section, sections.indexOf(section))}
          </div>
          <div className={s.grid}>
            {(limit ? section.list.slice(0, limit) : section.list).map((g) => (
              <ActivityGoodsCard key={g.id} goods={g} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}
