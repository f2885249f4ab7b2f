import { Link } from 'react-router';
import { ThunderboltFilled } from '@ant-design/icons';
import { toMillis } from '@kc/domain';
import { AdLink } from '../../shared/ui/AdLink';
import { useAds } from '../../shared/site/ads';
import { useSpike } from './api/spike';
import { Countdown } from './Countdown';
import { GoodsCard } from './GoodsCard';
import { GoodsSkeleton } from './Placeholders';
import s from './HomePage.module.css';

/** The two promotion tiles of `/api/focus/right`, stacked beside the flash sale. */
function SideAds() {
  const { data: ads = [] } = useAds('right');
  if (ads.length === 0) return null;
  return (
    <div className={s.sideAds}>
      {ads.slice(0, 2).map((ad) => (
        <AdLink key={ad.id} url={ad.url} className={s.sideAd} label={ad.title || undefined}>
          <img src={ad.image} alt={ad.title ?? ''} loading="lazy" />
        </AdLink>
      ))}
    </div>
  );
}

/** 限时秒杀: the running flash sale with its countdown; absent when no sale runs. */
export function SpikeStrip({ offsetMs }: { offsetMs: number }) {
  const { data, isPending } = useSpike();
  if (isPending) {
    return (
      <div className={s.promoRow}>
        <section className={s.spike}>
          <GoodsSkeleton count={5} />
        </section>
      </div>
    );
  }
  if (!data || data.list.length === 0) return null;

  return (
    <div className={s.promoRow}>
      <section className={s.spike} aria-label="限时秒杀">
        <div className={s.spikeHead}>
          <ThunderboltFilled className={s.spikeIcon} aria-hidden />
          <span className={s.spikeTitle}>限时秒杀</span>
          <span className={s.spikeSub}>距本场结束</span>
          <Countdown end={toMillis(data.end_time)} offsetMs={offsetMs} />
          <Link to="/mrtj" className={s.more}>
            更多特价 &gt;
          </Link>
        </div>
        <div className={s.row5}>
          {data.list.slice(0, 5).map((g) => (
            <GoodsCard key={g.id} goods={g} spike />
          ))}
        </div>
      </section>
      <SideAds />
    </div>
  );
}
