import { asc, eq, sql } from 'drizzle-orm';
import type { Ad } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { activeAds } from '../content/service.js';
import { brands, goods } from './schema.js';

export interface BrandCard {
  id: number;
  name: string;
  company: string;
  logo: string;
  description: string;
  /** Goods of the brand on sale. */
  goods_count: number;
}

const card = {
  id: brands.id,
  name: brands.name,
  company: brands.company,
  logo: brands.logo,
  description: brands.description,
  // Qualified by hand: drizzle leaves columns bare in a one-table select, where "id" inside
  // the subquery would mean the goods' id.
  goods_count: sql<number>`(select count(*)::int from ${goods} g where g.brand_id = ${brands}.id and g.on_shelf)`,
};

/** `GET /api/focus/ppzq`: the brand zone's banners and every brand with its logo. */
export async function brandZone(db: Queryable, now: Date): Promise<{ ads: Ad[]; brands: BrandCard[] }> {
  const [ads, list] = await Promise.all([
    activeAds(db, 'ppzq', now),
    db.select(card).from(brands).orderBy(asc(brands.sort), asc(brands.id)),
  ]);
  return { ads, brands: list };
}

/** `GET /api/focus/brand/:id`: one brand's card and its banner (a brand-zone ad linking to it). */
export async function brandFocus(
  db: Queryable,
  id: number,
  now: Date,
): Promise<BrandCard & { ad: Ad | null }> {
  const [row] = await db.select(card).from(brands).where(eq(brands.id, id)).limit(1);
  if (!row) throw new AppError('notFound', '品牌不存在');
  const ads = await activeAds(db, 'ppzq', now);
  const own = ads.find((a) => a.url === `/ppzq/info/${id}`);
  return { ...row, ad: own ?? null };
}
