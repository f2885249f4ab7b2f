import { Link } from 'react-router';
import type { Category } from '@kc/domain';
import { categoryPath } from '../../shared/goods/links';
import { useFloorGoods } from './api/floors';
import { GoodsGrid } from './GoodsGrid';
import s from './HomePage.module.css';

/** How many root categories get a floor (3–5 keeps the page short enough to load fast). */
export const FLOOR_COUNT = 4;

const PALETTE = ['#1d6fdc', '#0f9d8a', '#f07b1d', '#7a4fd6', '#d9363e'];

/** Category floors: each root category's best sellers with its sub-categories beside. */
export function Floors({ categories }: { categories: Category[] }) {
  const floors = categories.slice(0, FLOOR_COUNT);
  const results = useFloorGoods(floors);

  return (
    <>
      {floors.map((floor, i) => {
        const result = results[i];
        const colour = PALETTE[i % PALETTE.length];
        return (
          <section key={floor.id} className={s.floor} aria-label={floor.name}>
            <div className={s.floorHead} style={{ borderColor: colour }}>
              <span className={s.floorNo} style={{ background: colour }}>
                {i + 1}F
              </span>
              <h2>{floor.name}</h2>
              <nav className={s.floorLinks}>
                {floor.children.slice(0, 6).map((c) => (
                  <Link key={c.id} to={categoryPath(c.id)}>
                    {c.name}
                  </Link>
                ))}
                <Link to={categoryPath(floor.id)} className={s.more}>
                  更多 &gt;
                </Link>
              </nav>
            </div>
            <div className={s.floorBody}>
              <div
                className={s.floorSide}
                style={{ background: `linear-gradient(160deg, ${colour}, #123a7a)` }}
              >
                <div className={s.floorSideName}>{floor.name}</div>
                <div className={s.floorChips}>
                  {floor.children.slice(0, 10).map((c) => (
                    <Link key={c.id} to={categoryPath(c.id)}>
                      {c.name}
                    </Link>
                  ))}
                </div>
                {floor.logo1 && <img src={floor.logo1} alt="" className={s.floorImage} loading="lazy" />}
              </div>
              <div className={s.floorGoods}>
                <GoodsGrid
                  goods={result?.data?.list}
                  pending={!result || result.isPending}
                  skeletonCount={5}
                />
              </div>
            </div>
          </section>
        );
      })}
    </>
  );
}
