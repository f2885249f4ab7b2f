import { Link } from 'react-router';
import type { BrandSummary } from '@kc/domain';
import { EmptyBlock } from './Placeholders';
import s from './HomePage.module.css';

/** 品牌专区 strip from the common data's brands. */
export function BrandStrip({ brands }: { brands: BrandSummary[] }) {
  return (
    <section className={s.section} aria-label="品牌专区">
      <h2 className={s.sectionTitle}>
        品牌专区
        <small>知名药企 · 品牌直供</small>
        <Link to="/ppzq" className={s.more}>
          全部品牌 &gt;
        </Link>
      </h2>
      {brands.length === 0 ? (
        <EmptyBlock />
      ) : (
        <div className={s.brands}>
          {brands.slice(0, 12).map((b) => (
            <Link key={b.id} to={`/ppzq/info/${b.id}`} className={s.brand} title={b.name}>
              {b.logo ? (
                <img src={b.logo} alt={b.name} loading="lazy" />
              ) : (
                <span className={s.brandText}>{b.name}</span>
              )}
              <span className={s.brandName}>{b.name}</span>
            </Link>
          ))}
        </div>
      )}
    </section>
  );
}
