/**
 * Points orders (积分订单): the order's own steps of a points-mall redemption, which the
 * journey in flows/points runs in one transaction with the gift's stock (promotion) and the
 * member's points (wallet). A points order is an `orders` row of kind 'points' with one line;
 * it starts 待发货 (nothing to pay), ships like any order, and a cancel puts the points and the
 * gift back.
 *
 * The line keeps the gift's id in `order_lines.points_goods_id` and `goods_id` is the
 * catalogue goods the gift is, or 0.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  chinaDateTime,
  ORDER_STATUS_TEXT,
  paginate,
  type AdminPointsOrderRowView,
  type OrderStatus,
  type Paginated,
  type PointsOrderQuery,
  type PointsOrderRowView,
  type RedeemedView,
  type RedeemInput,
} from '@kc/domain';
import { rowsOf, type Queryable, type Tx, escapeLike } from '../../platform/db.js';
import { AppError, business, invalid, notFound } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
import { assertAllowed, lockOrder, markCancelled, type LockedOrder } from './lifecycle.js';
import { claimKey, orderNo } from './new-order.js';
import type { AddressSnapshot } from './schema.js';
import { addEvent, setStatus } from './write.js';

/** The hash that ties a redemption's idempotency key to its body. */
export function redeemHash(input: RedeemInput): string {
  const body = {
    goods_id: input.goods_id,
    number: input.number,
    address_id: input.address_id,
    kind: 'points',
  };
  return crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/** Claims the key (the same table as order placement); a used key answers its order id. */
export const claimRedeemKey = (tx: Tx, memberId: number, key: string, input: RedeemInput, now: Date) =>
  claimKey(tx, memberId, key, redeemHash(input), now);

/** Ties the claimed key to its points order. */
export async function linkRedeemKey(tx: Queryable, memberId: number, key: string, orderId: number) {
  await tx.execute(
    sql`update order_requests set order_id = ${orderId} where member_id = ${memberId} and key = ${key}`,
  );
}

/**
 * The member locked (`for update`: one redemption of a member at a time, so two cannot spend
 * the same points), their points, the address snapshot and the new order's id. Reads the
 * account's tables and writes none.
 */
export async function lockRedeemer(tx: Queryable, memberId: number, addressId: number) {
  const [m] = rowsOf<{
    status: string;
    disabled: boolean;
    points: number;
    next_id: number;
    address: AddressSnapshot | null;
  }>(
    await tx.execute(sql`
      select m.status, m.disabled, m.points, nextval(pg_get_serial_sequence('orders', 'id'))::int as next_id,
        (select json_build_object('consignee', a.consignee, 'phone', a.phone, 'region', a.region,
           'address', a.address) from member_addresses a where a.id = ${addressId} and a.member_id = m.id) as address
      from members m where m.id = ${memberId} for update of m`),
  );
  if (!m || m.disabled) throw new AppError('unauthenticated', '请先登录');
  if (m.status !== 'approved') throw business('资质审核通过后才能兑换礼品');
  if (!m.address) throw invalid('address_id', '收货地址不存在，请重新选择');
  return { points: m.points, nextId: m.next_id, address: m.address };
}

/** Units of a gift the member holds in points orders not cancelled (the per-member limit counts them). */
export async function redeemedByMember(tx: Queryable, memberId: number, giftId: number): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await tx.execute(sql`select coalesce(sum(l.number), 0)::int as n from order_lines l join orders o on o.id = l.order_id
      where o.member_id = ${memberId} and o.kind = 'points' and o.status <> 4 and l.points_goods_id = ${giftId}`),
  );
  return r?.n ?? 0;
}

export interface PointsOrderHead {
  id: number;
  memberId: number;
  address: AddressSnapshot;
  gift: { id: number; name: string; image: string; points: number; goodsId: number | null };
  number: number;
  now: Date;
}

/** Writes a points order (待发货), its line and its first event; returns its number. */
export async function writePointsOrder(tx: Queryable, o: PointsOrderHead): Promise<string> {
  const no = orderNo(o.id, o.now);
  const spent = o.gift.points * o.number;
  const noInvoice = { type: 0, title: '', taxNo: '', bank: '', account: '', address: '', phone: '' };
  await tx.execute(sql`
    insert into orders (id, order_no, member_id, kind, status, address, invoice, list_amount, goods_amount, payable,
      points_amount, paid_at, expires_at, created_at, updated_at)
    values (${o.id}, ${no}, ${o.memberId}, 'points', 1, ${JSON.stringify(o.address)}::jsonb,
      ${JSON.stringify(noInvoice)}::jsonb, 0, 0, 0, ${spent}, ${o.now}, ${o.now}, ${o.now}, ${o.now})`);
  await tx.execute(sql`
    insert into order_lines (order_id, goods_id, points_goods_id, combination_name, name, ypgg, sccj, bzdw, image,
      ck_id, raw_price, unit_price, number, amount, pay_amount)
    values (${o.id}, ${o.gift.goodsId ?? 0}, ${o.gift.id}, '', ${o.gift.name}, '', '', '件', ${o.gift.image},
      0, 0, 0, ${o.number}, 0, 0)`);
  await addEvent(tx, o.id, 'created', `积分兑换订单已提交（消耗${spent}积分），等待发货`, 'member', o.now);
  return no;
}

/** The reply of a redemption (a replayed key answers it again). */
export async function readRedeemed(tx: Queryable, orderId: number): Promise<RedeemedView> {
  const [o] = rowsOf<{
    id: number;
    order_no: string;
    points_amount: number;
    status: OrderStatus;
    points: number;
  }>(
    await tx.execute(sql`select o.id, o.order_no, o.points_amount, o.status, m.points from orders o
      join members m on m.id = o.member_id where o.id = ${orderId}`),
  );
  if (!o) throw notFound('订单不存在');
  return {
    order_id: o.id,
    order_no: o.order_no,
    points: o.points_amount,
    points_left: o.points,
    status: o.status,
    status_text: ORDER_STATUS_TEXT[o.status],
  };
}

// ── lists ──────────────────────────────────────────────────────────────────────────────────────

const likeOf = (s: string) => `%${escapeLike(s)}%`;

type Row = {
  id: number;
  order_no: string;
  status: OrderStatus;
  created_at: string;
  points_amount: number;
  address: AddressSnapshot;
  carrier: string;
  tracking_no: string;
  shipped_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string;
  member_id: number;
  company: string;
  username: string;
  lines: { gift_id: number; name: string; number: number; image: string }[];
};

function rowView(o: Row): AdminPointsOrderRowView {
  const total = o.lines.reduce((n, l) => n + l.number, 0) || 1;
  return {
    id: o.id,
    order_no: o.order_no,
    status: o.status,
    status_text: ORDER_STATUS_TEXT[o.status],
    created_at: chinaDateTime(o.created_at),
    points: o.points_amount,
    lines: o.lines.map((l) => ({ ...l, points: Math.floor((o.points_amount * l.number) / total) })),
    address: o.address,
    carrier: o.carrier,
    tracking_no: o.tracking_no,
    shipped_at: chinaDateTime(o.shipped_at),
    cancelled_at: chinaDateTime(o.cancelled_at),
    cancel_reason: o.cancel_reason,
    member_id: o.member_id,
    company: o.company,
    username: o.username,
  };
}

async function listPoints(db: Queryable, where: SQL, q: PointsOrderQuery) {
  const from = sql`from orders o join members m on m.id = o.member_id where o.kind = 'points' and ${where}`;
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from}`));
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select o.id, o.order_no, o.status, o.created_at, o.points_amount, o.address, o.carrier, o.tracking_no,
        o.shipped_at, o.cancelled_at, o.cancel_reason, o.member_id, m.company, m.username,
        coalesce((select json_agg(json_build_object('gift_id', coalesce(l.points_goods_id, 0), 'name', l.name,
          'number', l.number, 'image', l.image) order by l.id) from order_lines l where l.order_id = o.id), '[]'::json) as lines
      ${from} order by o.id desc limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  return { rows, total: c?.n ?? 0 };
}

function filters(q: PointsOrderQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.status !== undefined) parts.push(sql`o.status = ${q.status}`);
  if (q.keywords)
    parts.push(
      sql`(o.order_no = ${q.keywords} or m.company like ${likeOf(q.keywords)} or m.username = ${q.keywords})`,
    );
  return sql.join(parts, sql` and `);
}

/** `GET /api/points/orders`: the member's points orders with address and shipping, newest first. */
export async function memberPointsOrders(
  db: Queryable,
  memberId: number,
  q: PointsOrderQuery,
): Promise<Paginated<PointsOrderRowView>> {
  const { rows, total } = await listPoints(db, sql`o.member_id = ${memberId} and ${filters(q)}`, q);
  return paginate(
    rows.map((r) => {
      const { member_id: _m, company: _c, username: _u, ...v } = rowView(r);
      return v;
    }),
    total,
    q,
  );
}

/** `GET /api/admin/points/orders`: every member's points orders by status, newest first. */
export async function adminPointsOrders(
  db: Queryable,
  q: PointsOrderQuery,
): Promise<Paginated<AdminPointsOrderRowView>> {
  const { rows, total } = await listPoints(db, filters(q), q);
  return paginate(rows.map(rowView), total, q);
}

/** One points order as the back office shows it. */
export async function adminPointsOrder(db: Queryable, id: number): Promise<AdminPointsOrderRowView> {
  const { rows } = await listPoints(db, sql`o.id = ${id}`, { page: 1, page_size: 1, keywords: '' });
  if (!rows[0]) throw notFound('积分订单不存在');
  return rowView(rows[0]);
}

// ── fulfilment ─────────────────────────────────────────────────────────────────────────────────

/** A points order locked, with what it took: points and each gift's units. */
export interface LockedPointsOrder {
  order: LockedOrder;
  points: number;
  gifts: { giftId: number; number: number }[];
}

/** Locks a points order (a goods order answers 404 here). */
export async function lockPointsOrder(tx: Queryable, id: number): Promise<LockedPointsOrder> {
  const [k] = rowsOf<{ kind: string; points_amount: number }>(
    await tx.execute(sql`select kind, points_amount from orders where id = ${id}`),
  );
  if (!k || k.kind !== 'points') throw notFound('积分订单不存在');
  const order = await lockOrder(tx, id);
  const gifts = rowsOf<{ giftId: number; number: number }>(
    await tx.execute(sql`select points_goods_id as "giftId", number from order_lines
      where order_id = ${id} and points_goods_id is not null`),
  );
  return { order, points: k.points_amount, gifts };
}

/** Ships a locked points order: carrier and tracking, the parcel's timeline, a message to the member. */
export async function shipPointsOrder(
  tx: Queryable,
  p: LockedPointsOrder,
  carrier: string,
  trackingNo: string,
  now: Date,
) {
  const o = p.order;
  const to = assertAllowed(o, 'ship');
  await setStatus(tx, o.id, o.status, { status: to, carrier, trackingNo, shippedAt: now });
  await addEvent(
    tx,
    o.id,
    'shipped',
    `积分礼品已发货，${carrier} 运单号 ${trackingNo}`,
    'operator',
    now,
    true,
  );
  await postMessage(
    tx,
    o.memberId,
    'order',
    '积分订单已发货',
    `您的积分订单${o.orderNo}已由${carrier}发出，运单号${trackingNo}。`,
    now,
  );
  return to;
}

/** Marks a locked points order cancelled (the flow has put the points and the gifts back). */
export async function markPointsCancelled(
  tx: Queryable,
  p: LockedPointsOrder,
  reason: string,
  by: 'member' | 'operator',
  now: Date,
) {
  const to = assertAllowed(p.order, 'cancel');
  await markCancelled(tx, p.order, to, 'cancel', reason, 0, now, by);
  await addEvent(tx, p.order.id, 'points_refund', `已退回${p.points}积分`, by, now);
  return to;
}
