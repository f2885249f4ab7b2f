import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { chinaDate, chinaDateTime, fenToYuan, type PlacedOrderView, type PlaceOrderInput } from '@kc/domain';
import { rowsOf, type Tx } from '../../platform/db.js';
import { AppError, invalid } from '../../platform/errors.js';
import type { OrderHead } from './write.js';

/** The order's own steps of placing it (the checkout flow, flows/checkout/place.ts, runs them). */

/** The hash that ties an idempotency key to one request body. */
export function bodyHash(input: PlaceOrderInput): string {
  const { idempotency_key: _key, ...rest } = input;
  const sorted = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)));
  return crypto.createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

export const orderNo = (id: number, now: Date) =>
  `KC${chinaDate(now).replaceAll('-', '')}${String(id).padStart(8, '0')}`;

/** Claims the key; a key already used answers its order (or refuses a different body). */
export async function claimKey(tx: Tx, memberId: number, key: string, hash: string, now: Date) {
  // A concurrent request with the same key waits on the insert until the first one commits
  // (then it conflicts) or rolls back (then it inserts and goes on).
  const claimed = rowsOf<{ key: string }>(
    await tx.execute(sql`
      insert into order_requests (member_id, key, body_hash, created_at)
      values (${memberId}, ${key}, ${hash}, ${now}) on conflict do nothing returning key`),
  );
  if (claimed.length > 0) return null;
  // A new statement, so a new snapshot that sees the row the winner committed.
  const [row] = rowsOf<{ order_id: number | null; body_hash: string }>(
    await tx.execute(
      sql`select order_id, body_hash from order_requests where member_id = ${memberId} and key = ${key}`,
    ),
  );
  if (!row) throw new AppError('conflict', '请求正在处理，请稍后刷新订单列表');
  if (row.body_hash !== hash)
    throw new AppError('conflict', '该请求标识已用于另一笔订单，请刷新页面后重新提交');
  return row.order_id;
}

/**
 * The member (locked: one order of a member at a time), the address, and the new order's id,
 * in one statement. It reads the account's tables (members, member_addresses) and writes none.
 */
export async function lockBuyer(tx: Tx, memberId: number, addressId: number) {
  const res = await tx.execute(sql`
    select m.contract_signed_at is not null as signed, m.company,
      nextval(pg_get_serial_sequence('orders', 'id'))::int as next_id,
      (select json_build_object('consignee', a.consignee, 'phone', a.phone, 'region', a.region,
         'address', a.address) from member_addresses a where a.id = ${addressId} and a.member_id = m.id) as address
    from members m where m.id = ${memberId} for update of m`);
  const [m] = rowsOf<{
    signed: boolean;
    company: string;
    next_id: number;
    address: OrderHead['address'] | null;
  }>(res);
  if (!m) throw new AppError('unauthenticated', '请先登录');
  if (!m.signed) throw new AppError('eContract', '请先签署电子合同');
  if (!m.address) throw invalid('address_id', '收货地址不存在，请重新选择');
  return { ...m, address: m.address };
}

/** A placed order as the reply shows it (and a replayed key answers it again). */
export async function readPlaced(tx: Tx, orderId: number): Promise<PlacedOrderView> {
  const res = await tx.execute(sql`
    select id, order_no, payable, status, is_hm, expires_at from orders where id = ${orderId}`);
  const [o] = rowsOf<{
    id: number;
    order_no: string;
    payable: number;
    status: 0;
    is_hm: boolean;
    expires_at: string;
  }>(res);
  if (!o) throw new AppError('notFound', '订单不存在');
  return placedView(o.id, o.order_no, o.payable, o.is_hm, new Date(o.expires_at), o.status);
}

export function placedView(
  id: number,
  no: string,
  payable: number,
  isHm: boolean,
  expiresAt: Date,
  status: PlacedOrderView['status'] = 0,
): PlacedOrderView {
  return {
    order_id: id,
    order_no: no,
    payable: fenToYuan(payable),
    status,
    is_hm: isHm ? 1 : 0,
    pay_path: isHm ? `/cart/hm?id=${id}` : `/cart/step3/${id}`,
    expires_at: chinaDateTime(expiresAt),
  };
}

/**
 * Ties the claimed key to its order: an UPDATE that the checkout flow sends in the same
 * statement as the cart's removal of the ordered lines (decision 040).
 */
export function linkKeySql(memberId: number, key: string, orderId: number): SQL {
  return sql`update order_requests set order_id = ${orderId} where member_id = ${memberId} and key = ${key}`;
}
