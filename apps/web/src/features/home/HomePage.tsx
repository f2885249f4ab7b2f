import { toMillis } from '@kc/domain';
import { useCommon } from '../../shared/site/common';
import { BrandStrip } from './BrandStrip';
import { Floors } from './Floors';
import { HeroCarousel } from './HeroCarousel';
import { GoodsSkeleton } from './Placeholders';
import { Recommend } from './Recommend';
import { SpikeStrip } from './SpikeStrip';
import { UserCard } from './UserCard';
import s from './HomePage.module.css';

/**
 * The storefront home. The layout keeps the category menu open on "/" in the left column,
 * so the first row leaves that column free for it.
 */
export function HomePage() {
  const { data: common, dataUpdatedAt } = useCommon();
  // Server clock minus ours, measured when the common data arrived (for the sale countdown).
  const offsetMs = common?.timestamp ? toMillis(common.timestamp) - dataUpdatedAt : 0;

  return (
    <div className={s.home}>
      <div className={s.hero}>
        <HeroCarousel />
        <UserCard />
      </div>
      <SpikeStrip offsetMs={offsetMs} />
      <Recommend />
      {common ? (
        <Floors categories={common.category} />
      ) : (
        <section className={s.section}>
          <GoodsSkeleton count={5} />
        </section>
      )}
      <BrandStrip brands={common?.brand ?? []} />
    </div>
  );
}
