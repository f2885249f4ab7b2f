import { Link, useParams, useSearchParams } from 'react-router';
import type { BrandSummary } from '@kc/domain';
import { useCommon } from '../../../shared/site/common';
import { ListPage, viewFromUrl } from '../list/ListPage';
import { ZoneBanner } from './ZonePages';
import s from './ZonePages.module.css';

const pageOf = (v: string | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/** The brand wall from the common data; each brand opens /ppzq/info/{id}. */
function BrandWall({ brands, active }: { brands: BrandSummary[]; active?: number }) {
  if (brands.length === 0) return null;
  return (
    <nav className={s.brands} aria-label="品牌">
      {brands.map((b) => (
        <Link key={b.id} to={`/ppzq/info/${b.id}`} className={b.id === active ? s.brandActive : s.brand}>
          {/* A logo carries the brand's name; without one the name stands alone. */}
          {b.logo ? <img src={b.logo} alt={b.name} loading="lazy" /> : b.name}
        </Link>
      ))}
    </nav>
  );
}

function BrandZone({ page }: { page?: number }) {
  const { data } = useCommon();
  return (
    <ListPage
      title="品牌专区商品"
      intro={
        <>
          <ZoneBanner title="品牌专区" slogan="知名品牌 · 厂家直供 · 正品保障" />
          <BrandWall brands={data?.brand ?? []} />
        </>
      }
      view="grid"
      fixed={{ zone: 'ppzq' }}
      filters={{ category: true }}
      pathPage={{ page: page ?? 1, to: (p) => `/ppzq_index/${p}` }}
    />
  );
}

/** /ppzq: brand wall and the brand zone's goods. */
export const PpzqPage = () => <BrandZone />;

/** /ppzq_index/:page? (alias /ppzq/:page?): the brand zone, page from the path. */
export function PpzqIndexPage() {
  return <BrandZone page={pageOf(useParams().page)} />;
}

/** /ppzq/info/:id/:page?: one brand's goods. */
export function PpzqInfoPage() {
  const params = useParams();
  const [url] = useSearchParams();
  const id = pageOf(params.id);
  const { data } = useCommon();
  const brands = data?.brand ?? [];
  const brand = brands.find((b) => b.id === id);
  return (
    <ListPage
      title={brand ? `${brand.name} 品牌商品` : '品牌商品'}
      intro={<BrandWall brands={brands} active={id} />}
      view={viewFromUrl(url)}
      views={[{ view: 'grid' }, { view: 'table' }]}
      fixed={{ brand: id }}
      filters={{ category: true }}
      pathPage={{ page: pageOf(params.page), to: (p) => `/ppzq/info/${id}/${p}` }}
    />
  );
}
