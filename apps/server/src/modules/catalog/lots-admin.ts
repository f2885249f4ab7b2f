import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDate,
  fenToYuan,
  paginate,
  yuanToFen,
  type AdminLotListQuery,
  type AdminLotRow,
  type LotAdjustInput,
  type LotReceiveInput,
  type Paginated,
} from '@kc/domain';
import { escapeLike, rowsOf, type Queryable } from '../../platform/db.js';
import { business, invalid, notFound } from '../../platform/errors.js';
import { nearExpiryEnd } from './admin-goods.js';
import { keywordMatch } from './search.js';
import { goods } from './schema.js';
import { lockGoods } from './stock.js';
import { addLot, inTransaction } from './write.js';

/**
 * `POST /api/admin/lots`: receives a purchased lot of a goods (its warehouse is the goods'
 * `ck_id`). A lot already expired is refused; stock, lot and ledger move together (addLot).
 */
export async function receiveLot(
  db: Queryable,
  b: LotReceiveInput,
  operatorId: number,
  now: Date,
): Promise<{ lotId: number; stock: number }> {
  if (b.expires_on <= chinaDate(now)) throw invalid('expires_on', '该批号已过有效期，不能入库');
  if (b.produced_on > chinaDate(now)) throw invalid('produced_on', '生产日期不能晚于今天');
  return addLot(
    db,
    b.goods_id,
    {
      batchNo: b.batch_no,
      producedOn: b.produced_on,
      expiresOn: b.expires_on,
      quantity: b.quantity,
      supplier: b.supplier,
      unitCost: b.unit_cost === undefined ? 0 : yuanToFen(b.unit_cost),
    },
    { operatorId, reason: b.supplier ? `供货单位：${b.supplier}` : '' },
  );
}

export interface LotState {
  id: number;
  goodsId: number;
  batchNo: string;
  quantity: number;
  stock: number;
}

/**
 * `POST /api/admin/lots/:id/adjust`: a signed correction of one lot (盘点、破损、报损) with
 * its reason, under the goods lock: the lot, the goods' stock and an 'adjust' ledger row in
 * one statement. A lot never goes below 0.
 */
export async function adjustLot(
  db: Queryable,
  lotId: number,
  b: LotAdjustInput,
  operatorId: number,
): Promise<{ before: LotState; after: LotState }> {
  return inTransaction(db, async (tx) => {
    const [owner] = rowsOf<{ goods_id: number }>(
      await tx.execute(sql`select goods_id from goods_lots where id = ${lotId}`),
    );
    if (!owner) throw notFound('批号不存在');
    const locked = await lockGoods(tx, [owner.goods_id]);
    const g = locked.get(owner.goods_id)!;
    const [lot] = rowsOf<{ quantity: number; batch_no: string }>(
      await tx.execute(sql`select quantity, batch_no from goods_lots where id = ${lotId}`),
    );
    const before: LotState = {
      id: lotId,
      goodsId: g.id,
      batchNo: lot!.batch_no,
      quantity: lot!.quantity,
      stock: g.stock,
    };
    if (lot!.quantity + b.delta < 0)
      throw business(`批号${lot!.batch_no}现有${lot!.quantity}件，最多可减少${lot!.quantity}件`);
    const [row] = rowsOf<{ quantity: number; stock: number }>(
      await tx.execute(sql`
        with l as (
          update goods_lots set quantity = quantity + ${b.delta} where id = ${lotId} returning id, goods_id, quantity
        ),
        g as (
          update goods set stock = stock + ${b.delta}, updated_at = now() where id = ${g.id} returning id, stock
        )
        insert into stock_movements (goods_id, lot_id, kind, quantity, stock_after, lot_after, reason, operator_id)
        select l.goods_id, l.id, 'adjust', ${b.delta}, g.stock, l.quantity, ${b.reason}, ${operatorId}::int
        from l join g on g.id = l.goods_id
        returning lot_after as quantity, stock_after as stock`),
    );
    return { before, after: { ...before, quantity: row!.quantity, stock: row!.stock } };
  });
}

/**
 * `GET /api/admin/lots`: lots (newest first, or by expiry when filtered by it), each flagged
 * near-expiry (within the storefront's window) or expired.
 */
export async function listLots(
  db: Queryable,
  q: AdminLotListQuery,
  now: Date,
): Promise<Paginated<AdminLotRow>> {
  const today = chinaDate(now);
  const soon = nearExpiryEnd(now);
  const conds: SQL[] = [];
  if (q.goods_id) conds.push(sql`l.goods_id = ${q.goods_id}`);
  if (q.in_stock === 1 || q.expiry) conds.push(sql`l.quantity > 0`);
  if (q.expiry === 'near') conds.push(sql`l.expires_on >= ${today} and l.expires_on < ${soon}`);
  if (q.expiry === 'expired') conds.push(sql`l.expires_on < ${today}`);
  if (q.keyword) {
    // A batch number, or the goods as the storefront searches it (name, pinyin, approval no.).
    const m = keywordMatch(q.keyword, 0);
    conds.push(
      sql`(l.batch_no ilike ${`${escapeLike(q.keyword)}%`} or l.goods_id in (select ${goods.id} from ${goods} where ${m.filter}))`,
    );
  }
  const where = conds.length ? sql.join(conds, sql` and `) : sql`true`;
  const order = q.expiry ? sql`l.expires_on, l.id` : sql`l.id desc`;
  const rows = rowsOf<
    Omit<AdminLotRow, 'unit_cost' | 'near_expiry' | 'expired' | 'received_at'> & {
      unit_cost: number;
      received_at: Date | string;
      n: number;
    }
  >(
    await db.execute(sql`
      select l.id, l.goods_id, g.name as goods_name, g.ypgg, g.sccj, coalesce(w.name, '') as warehouse,
        l.batch_no, l.produced_on::text as produced_on, l.expires_on::text as expires_on, l.quantity,
        l.received_quantity, l.supplier, l.unit_cost, l.received_at, coalesce(o.name, '') as received_by,
        count(*) over ()::int as n
      from goods_lots l
      join goods g on g.id = l.goods_id
      left join warehouses w on w.id = g.ck_id
      left join operators o on o.id = l.received_by
      where ${where}
      order by ${order}
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  const total = rows.length
    ? Number(rows[0]!.n)
    : Number(
        rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from goods_lots l where ${where}`),
        )[0]?.n ?? 0,
      );
  return paginate(
    rows.map(({ n: _n, ...r }) => ({
      ...r,
      unit_cost: fenToYuan(Number(r.unit_cost)),
      received_at: new Date(r.received_at).toISOString(),
      expired: r.expires_on < today,
      near_expiry: r.expires_on >= today && r.expires_on < soon,
    })),
    total,
    q,
  );
}
