import { LikeFilled } from '@ant-design/icons';
import { useRecommend } from './api/recommend';
import { GoodsGrid } from './GoodsGrid';
import s from './HomePage.module.css';

/** 为你推荐 (`GET /api/index_wntj/1`). */
export function Recommend() {
  const { data, isPending } = useRecommend();
  return (
    <section className={s.section} aria-label="为你推荐">
      <h2 className={s.sectionTitle}>
        <LikeFilled className={s.titleIcon} aria-hidden /> 为你推荐
        <small>根据热销与采购记录精选</small>
      </h2>
      <GoodsGrid goods={data?.slice(0, 10)} pending={isPending} skeletonCount={5} />
    </section>
  );
}
