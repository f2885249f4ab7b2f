import { Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { ActivitySection, ActivityView, GoodsItem } from '@kc/domain';
import { activityInfoQuery, useActivityInfo } from '../api/info';
import { ActivityCoupons } from '../components/ActivityCoupons';
import { ActivityFrame } from '../components/ActivityFrame';
import { ActivityRules } from '../components/ActivityRules';
import { GoodsSections } from '../components/GoodsSections';
import s from '../components/activity.module.css';

const HUB = { url: '/yyh' } as const;
/** Goods a section shows on the overview; the rest are on /yyh/list. */
const OVERVIEW_COUNT = 10;

/** /yyh 优医汇 (the "好医生" hub): its sections, each with its first goods and 查看全部. */
export function YyhPage() {
  const query = useActivityInfo(HUB);
  return (
    <div className={s.page}>
      <ActivityFrame query={query}>
        {(view) => (
          <>
            <ActivityRules view={view} />
            <ActivityCoupons coupons={view.coupons} queryKey={activityInfoQuery(HUB).queryKey} />
            <GoodsSections
              sections={view.sections}
              limit={OVERVIEW_COUNT}
              more={(section, i) =>
                section.list.length > OVERVIEW_COUNT ? (
                  <Link to={`/yyh/list?section=${i}`}>查看全部 &gt;</Link>
                ) : null
              }
            />
            <p style={{ textAlign: 'center' }}>
              <Link to="/yyh/list">查看优医汇全部商品 &gt;</Link>
            </p>
          </>
        )}
      </ActivityFrame>
    </div>
  );
}

/** Every goods of the hub once, in section order. */
function allGoods(sections: ActivitySection[]): GoodsItem[] {
  const seen = new Set<number>();
  return sections
    .flatMap((section) => section.list)
    .filter((g) => {
      if (seen.has(g.id)) return false;
      seen.add(g.id);
      return true;
    });
}

function HubList({ view }: { view: ActivityView }) {
  const [search, setSearch] = useSearchParams();
  const index = Number(search.get('section'));
  const chosen = search.get('section') !== null && view.sections[index] ? index : -1;
  const sections =
    chosen >= 0 ? [view.sections[chosen]!] : [{ title: '全部商品', list: allGoods(view.sections) }];
  return (
    <>
      <Tabs
        className={s.tabs}
        activeKey={String(chosen)}
        items={[
          { key: '-1', label: '全部商品' },
          ...view.sections.map((section, i) => ({ key: String(i), label: section.title || `专区${i + 1}` })),
        ]}
        onChange={(key) => setSearch(key === '-1' ? {} : { section: key }, { replace: true })}
      />
      <GoodsSections sections={sections} />
    </>
  );
}

/** /yyh/list: the hub's full goods list, all of it or one section (`?section=`). */
export function YyhListPage() {
  const query = useActivityInfo(HUB);
  return (
    <div className={s.page}>
      <ActivityFrame query={query}>{(view) => <HubList view={view} />}</ActivityFrame>
    </div>
  );
}
