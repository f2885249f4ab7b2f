import { sql } from 'drizzle-orm';
import { fenToYuan, yuanToFen, type BuyAgainView, type CartAddItem, type DeliveryNoteView } from '@kc/domain';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { AppError, notFound } from '../../platform/errors.js';
import { combinationsByIds } from '../activity/service.js';
import { addToCart } from '../cart/add.js';
import { COMBINATION_KIND } from '../cart/load.js';
import { getSiteSettings } from '../content/settings.js';
import { orderDetail } from './detail.js';

type Line = {
  goods_id: number;
  name: string;
  number: number;
  combination_id: number | null;
  combination_name: string;
};

/**
 * `POST /api/order/{id}/buy_again`: puts the order's goods back in the cart at the same
 * quantities (combinations as combinations, gifts left out). What can no longer be bought
 * (delisted, out of scope, over stock or limit) is skipped with its reason; the rest is added.
 */
export async function buyAgain(db: Db, memberId: number, orderId: number, now: Date): Promise<BuyAgainView> {
  const lines = rowsOf<Line>(
    await db.execute(sql`
      select l.goods_id, l.name, l.number, l.combination_id, l.combination_name from order_lines l
      join orders o on o.id = l.order_id
      where o.id = ${orderId} and o.member_id = ${memberId} and not l.is_gift order by l.id`),
  );
  if (lines.length === 0) throw notFound('订单不存在');
  const comboIds = [...new Set(lines.flatMap((l) => (l.combination_id ? [l.combination_id] : [])))];
  const combos = new Map((await combinationsByIds(db, comboIds, now)).map((c) => [c.id, c]));
  const items: (CartAddItem & { name: string })[] = [];
  for (const l of lines) {
    if (!l.combination_id) items.push({ goods_id: l.goods_id, number: l.number, name: l.name });
    else if (!items.some((i) => i.type === COMBINATION_KIND && i.goods_id === l.combination_id)) {
      const per = combos.get(l.combination_id)?.items.find((it) => it.goodsId === l.goods_id)?.number ?? 0;
      const sets = per > 0 ? Math.floor(l.number / per) : 0;
      items.push({
        goods_id: l.combination_id,
        number: Math.max(sets, 1),
        type: COMBINATION_KIND,
        name: l.combination_name,
      });
    }
  }
  const skipped: BuyAgainView['skipped'] = [];
  let left = items;
  for (let round = 0; round < 3 && left.length > 0; round += 1) {
    try {
      const r = await addToCart(
        db,
        memberId,
        left.map(({ name: _n, ...it }) => it),
        now,
      );
      return { added: r.lines.length, skipped };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const data = (err.data ?? {}) as {
        refused?: { goods_id: number; reason: string }[];
        goods_ids?: number[];
      };
      const out = new Map<number, string>([
        ...(data.refused ?? []).map((r) => [r.goods_id, r.reason] as const),
        ...(data.goods_ids ?? []).map((id) => [id, '商品已下架'] as const),
      ]);
      if (out.size === 0) throw err;
      for (const it of left)
        if (out.has(it.goods_id))
          skipped.push({ goods_id: it.goods_id, name: it.name, reason: out.get(it.goods_id)! });
      left = left.filter((it) => !out.has(it.goods_id));
    }
  }
  return { added: 0, skipped };
}

/** `GET /api/order/{id}/delivery_note`: the 随货同行单, one sheet per warehouse, a row per batch. */
export async function deliveryNote(
  db: Queryable,
  memberId: number | undefined,
  orderId: number,
  now: Date,
): Promise<DeliveryNoteView> {
  const [d, site] = await Promise.all([orderDetail(db, orderId, now, memberId), getSiteSettings(db)]);
  const toFen = yuanToFen;
  const sheets = d.warehouses.map((w) => {
    const lines = d.lines.filter((l) => w.line_ids.includes(l.id));
    const rows = lines.flatMap((l) =>
      l.lots.map((lot) => ({
        name: l.name,
        ypgg: l.ypgg,
        sccj: l.sccj,
        bzdw: l.bzdw,
        approval_no: l.approval_no,
        batch_no: lot.batch_no,
        produced_on: lot.produced_on,
        expires_on: lot.expires_on,
        number: lot.number,
        price: l.price,
        amount: fenToYuan(
          lot.number === l.number ? toFen(l.amount) : Math.floor((toFen(l.amount) * lot.number) / l.number),
        ),
      })),
    );
    const amount = lines.reduce((s, l) => s + toFen(l.amount), 0);
    return { ck_id: w.ck_id, warehouse: w.name, rows, amount: fenToYuan(amount) };
  });
  return {
    order_no: d.order_no,
    company: d.member_company,
    seller: site.company,
    address: d.address,
    created_at: d.created_at,
    shipped_at: d.shipped_at,
    carrier: d.logistics.carrier,
    tracking_no: d.logistics.tracking_no,
    sheets,
    amount: d.amounts.goods_amount,
  };
}
