import { useEffect, useState } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { AdLink } from '../../shared/ui/AdLink';
import { useAds } from '../../shared/site/ads';
import s from './HomePage.module.css';
import c from './HeroCarousel.module.css';

/** Milliseconds each banner stays before the next one fades in. */
const AUTOPLAY_MS = 5000;

/**
 * The home carousel (`GET /api/focus`). Hand-written (fading slides, dots, arrows, pause on
 * hover) rather than antd's Carousel: it is the first thing the home page paints, and the
 * slider library alone would cost the first load several KB for what CSS does here.
 */
export function HeroCarousel() {
  const { data: banners, isPending } = useAds('');
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners?.length ?? 0;

  // Restarted on every change, so a banner chosen by hand gets its full time too.
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setTimeout(() => setCurrent((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [count, paused, current]);

  if (isPending) return <div className={`${s.carousel} ${s.carouselLoading}`} aria-busy="true" />;
  if (!banners || count === 0) return <div className={`${s.carousel} ${s.carouselEmpty}`} />;
  const go = (i: number) => setCurrent((i + count) % count);
  const shown = current % count;
  return (
    <div
      className={`${s.carousel} ${c.root}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      aria-roledescription="carousel"
    >
      {banners.map((b, i) => (
        <div key={b.id} className={`${c.slide} ${i === shown ? c.active : ''}`} aria-hidden={i !== shown}>
          <AdLink url={b.url} className={s.slide} label={b.title || undefined}>
            {/* The first slide is the largest paint of the page: load it eagerly. */}
            <img
              src={b.image}
              alt={b.title ?? ''}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'auto'}
            />
          </AdLink>
        </div>
      ))}
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${c.arrow} ${c.prev}`}
            aria-label="上一张"
            onClick={() => go(shown - 1)}
          >
            <LeftOutlined />
          </button>
          <button
            type="button"
            className={`${c.arrow} ${c.next}`}
            aria-label="下一张"
            onClick={() => go(shown + 1)}
          >
            <RightOutlined />
          </button>
          <div className={c.dots}>
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className={`${c.dot} ${i === shown ? c.dotActive : ''}`}
                aria-label={`第${i + 1}张`}
                aria-current={i === shown}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
