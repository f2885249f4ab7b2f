import { sql } from 'drizzle-orm';
import type { Fen, LotDraw, OrderAmounts, PlaceOrderInput } from '@kc/domain';
import { rowsOf, type Queryable, type Tx } from '../../platform/db.js';
import { orderEvents, orders, type AddressSnapshot } from './schema.js';
import type { LockedGoods } from '../catalog/service.js';

/** One order line to write: a goods line, one goods of a combination, or a same-goods gift. */
export interface PlanLine {
  goodsId: number;
  combinationId: number | null;
  combinationName: string;
  number: number;
  rawPrice: Fen;
  unitPrice: Fen;
  amount: Fen;
  manjianAmount: Fen;
  couponAmount: Fen;
  voucherAmount: Fen;
  payAmount: Fen;
  isGift: boolean;
  giftName: string;
  giftNumber: number;
  draws: LotDraw[];
}

export interface OrderHead {
  id: number;
  orderNo: string;
  memberId: number;
  isHm: boolean;
  address: AddressSnapshot;
  input: PlaceOrderInput;
  amounts: OrderAmounts;
  couponId: number | null;
  voucherId: number | null;
  expiresAt: Date;
  lines: PlanLine[];
  goods: ReadonlyMap<number, LockedGoods>;
  now: Date;
}

/** Writes the order, its lines, their lots and the first event: four statements. */
export async function writeOrder(tx: Tx, o: OrderHead): Promise<void> {
  const a = o.amounts;
  const i = o.input;
  await tx.insert(orders).values({
    id: o.id,
    orderNo: o.orderNo,
    memberId: o.memberId,
    isHm: o.isHm,
    address: o.address,
    invoice: {
      type: i.invoice_type,
      title: i.invoice_title,
      taxNo: i.tax_no,
      bank: i.invoice_type === 2 ? i.invoice_bank : '',
      account: i.invoice_type === 2 ? i.invoice_account : '',
      address: i.invoice_type === 2 ? i.invoice_address : '',
      phone: i.invoice_type === 2 ? i.invoice_phone : '',
    },
    remark: i.remark,
    listAmount: a.listAmount,
    tierSaving: a.tierSaving,
    discountSaving: a.discountSaving,
    goodsAmount: a.goodsAmount,
    manjianAmount: a.manjianAmount,
    couponAmount: a.couponAmount,
    voucherAmount: a.voucherAmount,
    shippingAmount: a.shippingAmount,
    payable: a.payable,
    couponId: o.couponId,
    voucherId: o.voucherId,
    expiresAt: o.expiresAt,
    createdAt: o.now,
    updatedAt: o.now,
  });
  // Lines and lots go in as one array per column (unnest): a 300-line order is two short
  // statements with a few dozen parameters, not 7,500 bound values.
  const ls = o.lines.map((l) => ({ l, g: o.goods.get(l.goodsId) }));
  const col = <T>(f: (x: (typeof ls)[number]) => T) => sql.param(ls.map(f));
  const inserted = await tx.execute(sql`
    insert into order_lines (order_id, goods_id, combination_id, combination_name, name, ypgg, sccj, bzdw, approval_no,
      image, ck_id, warehouse, is_hm, is_gift, gift_name, gift_number, raw_price, unit_price, number, amount,
      manjian_amount, coupon_amount, voucher_amount, pay_amount)
    select ${o.id}, * from unnest(${col((x) => x.l.goodsId)}::int[], ${col((x) => x.l.combinationId)}::int[],
      ${col((x) => x.l.combinationName)}::text[], ${col((x) => x.g?.name ?? '')}::text[], ${col((x) => x.g?.ypgg ?? '')}::text[],
      ${col((x) => x.g?.sccj ?? '')}::text[], ${col((x) => x.g?.bzdw ?? '')}::text[], ${col((x) => x.g?.approvalNo ?? '')}::text[],
      ${col((x) => x.g?.image ?? '')}::text[], ${col((x) => x.g?.ckId ?? 0)}::int[], ${col((x) => x.g?.warehouse ?? '')}::text[],
      ${col((x) => x.g?.isHm ?? false)}::bool[], ${col((x) => x.l.isGift)}::bool[], ${col((x) => x.l.giftName)}::text[],
      ${col((x) => x.l.giftNumber)}::int[], ${col((x) => x.l.rawPrice)}::int[], ${col((x) => x.l.unitPrice)}::int[],
      ${col((x) => x.l.number)}::int[], ${col((x) => x.l.amount)}::int[], ${col((x) => x.l.manjianAmount)}::int[],
      ${col((x) => x.l.couponAmount)}::int[], ${col((x) => x.l.voucherAmount)}::int[], ${col((x) => x.l.payAmount)}::int[])
    returning id, goods_id, combination_id, is_gift`);
  const rows = rowsOf<{ id: number; goods_id: number; combination_id: number | null; is_gift: boolean }>(
    inserted,
  );
  // Lines are told apart by goods, combination and gift (a cart holds one line per item).
  const key = (goodsId: number, combinationId: number | null, isGift: boolean) =>
    `${goodsId}:${combinationId ?? 0}:${isGift}`;
  const ids = new Map(rows.map((r) => [key(r.goods_id, r.combination_id, r.is_gift), r.id]));
  const lots = o.lines.flatMap((l) =>
    l.draws.map((d) => ({ d, lineId: ids.get(key(l.goodsId, l.combinationId, l.isGift))! })),
  );
  if (lots.length > 0) {
    const lc = <T>(f: (x: (typeof lots)[number]) => T) => sql.param(lots.map(f));
    await tx.execute(sql`
      insert into order_line_lots (order_id, order_line_id, goods_id, lot_id, batch_no, produced_on, expires_on, number)
      select ${o.id}, * from unnest(${lc((x) => x.lineId)}::int[], ${lc((x) => x.d.goodsId)}::int[], ${lc((x) => x.d.lotId)}::int[],
        ${lc((x) => x.d.batchNo)}::text[], ${lc((x) => x.d.producedOn)}::date[], ${lc((x) => x.d.expiresOn)}::date[],
        ${lc((x) => x.d.number)}::int[])`);
  }
  await addEvent(tx, o.id, 'created', '订单已提交，等待付款', 'member', o.now);
}

/** Appends to an order's timeline. `logistics` events also show in the parcel's timeline. */
export async function addEvent(
  tx: Queryable,
  orderId: number,
  kind: string,
  text: string,
  actor: 'member' | 'operator' | 'system',
  now: Date,
  logistics = false,
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, kind, text, actor, logistics, createdAt: now });
}

/** Moves an order from one status to another only if it is still in `from` (returns whether it did). */
export async function setStatus(
  tx: Queryable,
  orderId: number,
  from: number,
  set: Record<string, unknown>,
): Promise<boolean> {
  const res = await tx
    .update(orders)
    .set({ ...set, updatedAt: sql`now()` })
    .where(sql`${orders.id} = ${orderId} and ${orders.status} = ${from}`)
    .returning({ id: orders.id });
  return res.length > 0;
}
