/**
 * The member's shelf-life floor on the goods lists (issue 17 item 6, decision 064): goods whose
 * sellable lots all expire on or before the floor's cutoff are flagged (`below_floor`), not
 * hidden, so counts and paging stay those of the plain list. One statement over the page's
 * goods, and only for a member with a floor: visitors and members without one pay nothing.
 */
import { sql } from 'drizzle-orm';
import { chinaDate, shelfCutoff, type GoodsItem, type ShelfFloorFlag } from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import type { Viewer } from './view.js';

/** The flag's explanation (the web tag's title). */
export const shelfFloorText = (months: number, latest: string) =>
  `现有批号效期最长至${latest}，不足您设置的${months}个月效期要求，下单时无法分配`;

/** Per goods id, the flag of the goods under the viewer's floor; empty without a floor. */
export async function shelfFlags(
  db: Queryable,
  viewer: Pick<Viewer, 'memberId' | 'shelfMonths'>,
  ids: readonly number[],
  now: Date,
): Promise<Map<number, ShelfFloorFlag>> {
  const months = viewer.shelfMonths ?? 0;
  if (viewer.memberId == null || months <= 0 || ids.length === 0) return new Map();
  const today = chinaDate(now);
  const cutoff = shelfCutoff(today, months);
  // The longest-dated lot still sellable (in stock, not expired) of each goods on the page.
  const rows = rowsOf<{ id: number; latest: string }>(
    await db.execute(sql`select goods_id as id, max(expires_on)::text as latest from goods_lots
      where goods_id = any(${sql.param([...ids])}::int[]) and quantity > 0 and expires_on > ${today}::date
      group by goods_id`),
  );
  const out = new Map<number, ShelfFloorFlag>();
  for (const r of rows) {
    if (r.latest > cutoff) continue;
    out.set(Number(r.id), { months, latest: r.latest, text: shelfFloorText(months, r.latest) });
  }
  return out;
}

/**
 * The items with `below_floor` for a member with a floor (null on goods that meet it); the
 * items unchanged otherwise.
 */
export async function withShelfFlags<T extends GoodsItem>(
  db: Queryable,
  viewer: Pick<Viewer, 'memberId' | 'shelfMonths'>,
  items: T[],
  now: Date,
): Promise<T[]> {
  if (viewer.memberId == null || !viewer.shelfMonths || items.length === 0) return items;
  const flags = await shelfFlags(
    db,
    viewer,
    items.map((i) => i.id),
    now,
  );
  return items.map((i) => ({ ...i, below_floor: flags.get(i.id) ?? null }));
}
