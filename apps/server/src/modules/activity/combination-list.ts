import { sql } from 'drizzle-orm';
import {
  PRICE_HINTS,
  fenToYuan,
  paginate,
  type CombinationView,
  type PageQuery,
  type Paginated,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { goods } from '../catalog/schema.js';
import { visibleTo, type Viewer } from '../catalog/view.js';
import { combinations } from './schema.js';
import { goodsItemsByIds } from './view.js';

type Row = {
  id: number;
  name: string;
  price: number;
  items: { goodsId: number; number: number }[];
  startsAt: number;
  endsAt: number;
  raw: number;
};

/**
 * `GET /api/combination/list` (/zhzq): the combinations on sale now whose every goods the
 * viewer may see, the newest first, each with its goods items, its price, what the items cost
 * one by one and the saving (prices hidden as the catalogue hides them). Three statements:
 * the page and its count side by side, then the goods.
 */
export async function combinationList(
  db: Queryable,
  q: PageQuery,
  viewer: Viewer,
  now: Date,
): Promise<Paginated<CombinationView>> {
  // The goods subquery is not aliased: the catalogue's visibility rule names "goods" itself.
  const onSale = sql`on_sale and starts_at <= ${now} and ends_at > ${now}
    and not exists (
      select 1 from jsonb_array_elements(items) i
      where not exists (
        select 1 from ${goods} where ${goods}.id = (i->>'goodsId')::int and ${visibleTo(viewer)}))`;
  const [page, counted] = await Promise.all([
    db.execute(sql`
      select id, name, price, items,
        (extract(epoch from starts_at) * 1000)::float8 as "startsAt",
        (extract(epoch from ends_at) * 1000)::float8 as "endsAt",
        (select coalesce(sum(g.price * (i->>'number')::int), 0) from jsonb_array_elements(items) i
          join ${goods} g on g.id = (i->>'goodsId')::int)::int as raw
      from ${combinations}
      where ${onSale}
      order by id desc
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
    db.execute(sql`select count(*)::int as n from ${combinations} where ${onSale}`),
  ]);
  const rows = rowsOf<Row>(page);
  const total = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
  const byId = await goodsItemsByIds(
    db,
    rows.flatMap((r) => r.items.map((it) => it.goodsId)),
    viewer,
    now,
  );
  const show = viewer.audience === 'approved';
  const hint = show ? null : PRICE_HINTS[viewer.audience === 'visitor' ? 'visitor' : 'pending'];
  const list = rows.map((r): CombinationView => {
    const items = r.items.flatMap((it) => {
      const g = byId.get(it.goodsId);
      return g ? [{ goods_id: it.goodsId, number: it.number, goods: g }] : [];
    });
    const stock = items.length
      ? Math.min(...items.map((it) => (it.number > 0 ? Math.floor(it.goods.number / it.number) : 0)))
      : 0;
    const buyable = items.length > 0 && stock > 0 && items.every((it) => it.goods.is_buy === 1);
    return {
      id: r.id,
      name: r.name,
      price: show ? fenToYuan(r.price) : null,
      raw_price: show ? fenToYuan(r.raw) : null,
      saving: show ? fenToYuan(Math.max(0, r.raw - r.price)) : null,
      price_hint: hint,
      number: stock,
      is_buy: buyable ? 1 : 0,
      start_time: Math.floor(r.startsAt / 1000),
      end_time: Math.floor(r.endsAt / 1000),
      items,
    };
  });
  return paginate(list, total, q);
}
