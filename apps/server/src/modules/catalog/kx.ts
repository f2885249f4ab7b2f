import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.js';
import { members } from '../account/schema.js';
import { goods, kxReleases } from './schema.js';

/** True for goods in the 控销 zone (a condition over `goods`). */
export const isKxSql: SQL<boolean> = sql<boolean>`${goods.zones} @> array['kx']::text[]`;

/**
 * True for goods the member may see: every goods outside the 控销 zone, and 控销 goods that a
 * release rule opens to the member's company type and region. Visitors see no 控销 goods.
 * The catalogue adds it to its WHERE clause; compliance and the cart read it as a goods fact.
 */
export function kxVisibilitySql(memberId: number | null): SQL {
  const notKx = sql`not (${isKxSql})`;
  if (memberId === null) return notKx;
  return sql`(${notKx} or exists (
    select 1 from ${kxReleases} r join ${members} m on m.id = ${memberId}
    where r.goods_id = "goods"."id"
      and (r.buyer_group = '' or r.buyer_group = m.company_type)
      and left(m.region, length(r.region)) = r.region
  ))`;
}

/** Adds a release rule for a 控销 goods ('' = any group / any region). */
export async function addKxRelease(
  db: Queryable,
  r: { goodsId: number; buyerGroup?: string; region?: string },
): Promise<number> {
  const [row] = await db
    .insert(kxReleases)
    .values({ goodsId: r.goodsId, buyerGroup: r.buyerGroup ?? '', region: r.region ?? '' })
    .returning({ id: kxReleases.id });
  return row!.id;
}

/** Adds many release rules in a few statements (seed, bulk back-office imports). */
export async function addKxReleases(
  db: Queryable,
  rules: readonly { goodsId: number; buyerGroup?: string; region?: string }[],
): Promise<void> {
  for (let i = 0; i < rules.length; i += 1000) {
    const chunk = rules.slice(i, i + 1000);
    await db
      .insert(kxReleases)
      .values(
        chunk.map((r) => ({ goodsId: r.goodsId, buyerGroup: r.buyerGroup ?? '', region: r.region ?? '' })),
      );
  }
}

/** Ids of the goods in the 控销 zone (for the seed and the back office). */
export async function kxGoodsIds(db: Queryable): Promise<number[]> {
  const rows = await db.select({ id: goods.id }).from(goods).where(isKxSql).orderBy(goods.id);
  return rows.map((r) => r.id);
}
