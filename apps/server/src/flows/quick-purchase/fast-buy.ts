import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  paginate,
  type FastBuyItem,
  type FastBuyOrder,
  type FastBuyQuery,
  type Paginated,
} from '@kc/domain';
import { rowsOf, type Queryable } from '../../platform/db.js';
import { priceAudience } from '../../modules/catalog/view.js';
import { quickGoods, type CandidateRow } from './goods.js';

/** One ordering per `FAST_BUY_ORDERS` key of the domain (the query schema's enum). */
const ORDER: Record<FastBuyOrder, SQL> = {
  times: sql`buy_times desc, last_at desc`,
  last: sql`last_at desc`,
  number: sql`total_number desc, last_at desc`,
};

interface Row {
  goods_id: number;
  buy_times: number;
  total_number: number;
  last_ms: number;
  last_price: number;
  last_number: number;
  total: number;
  name: string;
  trade_name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  bzdw: string;
  zbz: number;
  jzl: number;
  round_to_case: boolean;
  price: number;
  stock: number;
  is_buy: boolean;
  on_shelf: boolean;
  ck_id: number;
  warehouse: string;
  image: string;
}

/**
 * `GET /api/user/fast_buy`: the goods the member has bought (paid orders, not cancelled;
 * combination lines count per goods), each with the last order's unit price, time and
 * quantity, how many orders it was on and the units over all of them. Goods since taken
 * off the shelf stay listed and show as not purchasable.
 */
export async function fastBuy(
  db: Queryable,
  memberId: number,
  q: FastBuyQuery,
): Promise<Paginated<FastBuyItem>> {
  const audience = await priceAudience(db, memberId);
  const offset = (q.page - 1) * q.page_size;
  const res = await db.execute(sql`
    with lines as (
      select l.goods_id, l.order_id, l.unit_price, l.number, o.created_at,
        row_number() over (partition by l.goods_id order by o.created_at desc, l.id desc) as rn
      from order_lines l join orders o on o.id = l.order_id
      where o.member_id = ${memberId} and o.kind = 'goods' and o.status in (1, 2, 3) and l.goods_id > 0
    ), bought as (
      select goods_id, count(distinct order_id)::int as buy_times, sum(number)::int as total_number,
        max(created_at) as last_at,
        max(unit_price) filter (where rn = 1) as last_price, max(number) filter (where rn = 1) as last_number
      from lines group by goods_id
    )
    select b.*, (extract(epoch from b.last_at) * 1000)::float8 as last_ms, count(*) over ()::int as total, g.name, g.trade_name, g.ypgg, g.sccj, g.approval_no, g.bzdw,
      g.zbz, g.jzl, g.round_to_case, g.price, g.stock, g.is_buy, g.on_shelf, g.ck_id,
      coalesce(w.name, '') as warehouse, coalesce(g.images[1], '') as image
    from bought b join goods g on g.id = b.goods_id left join warehouses w on w.id = g.ck_id
    order by ${ORDER[q.order]}, b.goods_id
    limit ${q.page_size} offset ${offset}`);
  const rows = rowsOf<Row>(res);
  const list = rows.map((r): FastBuyItem => {
    const g: CandidateRow = {
      id: Number(r.goods_id),
      name: r.name,
      tradeName: r.trade_name,
      ypgg: r.ypgg,
      sccj: r.sccj,
      approvalNo: r.approval_no,
      bzdw: r.bzdw,
      zbz: Number(r.zbz),
      jzl: Number(r.jzl),
      roundToCase: r.round_to_case,
      price: Number(r.price),
      stock: Number(r.stock),
      isBuy: r.is_buy && r.on_shelf,
      ckId: Number(r.ck_id),
      warehouse: r.warehouse,
      image: r.image,
      sales: 0,
    };
    const item = quickGoods(g, audience);
    return {
      goods: { ...item, goods_image: item.image ? [{ list: item.image }] : [] },
      last_price: audience === 'approved' ? fenToYuan(Number(r.last_price)) : '',
      last_time: chinaDateTime(new Date(Number(r.last_ms))),
      last_number: Number(r.last_number),
      buy_times: Number(r.buy_times),
      total_number: Number(r.total_number),
    };
  });
  let total = rows[0] ? Number(rows[0].total) : 0;
  // A page past the end has no rows to carry the count.
  if (rows.length === 0 && q.page > 1) {
    const [c] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(distinct l.goods_id)::int as n from order_lines l join orders o on o.id = l.order_id
        where o.member_id = ${memberId} and o.kind = 'goods' and o.status in (1, 2, 3) and l.goods_id > 0`),
    );
    total = Number(c?.n ?? 0);
  }
  return paginate(list, total, q);
}
