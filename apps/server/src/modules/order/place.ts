import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  chinaDate,
  chinaDateTime,
  fenToYuan,
  ORDER_RULES,
  yuanToFen,
  type PlacedOrderView,
  type PlaceOrderInput,
} from '@kc/domain';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { AppError, business, invalid } from '../../platform/errors.js';
import { lineInput, loadCart, type LoadedCart } from '../cart/load.js';
import { consumeCoupons, heldCoupons } from '../promotion/service.js';
import { goodsIdsOf, planOrder } from './plan.js';
import { assertOrderable, chosenLineIds, priceSelection } from './selection.js';
import { lockGoods, lotsOf, moveStock, type LockedGoods } from './stock.js';
import { writeOrder, type OrderHead } from './write.js';

/** The loaded cart with the stock of the locked goods rows (read before the locks, it may be stale). */
function withLockedStock(cart: LoadedCart, goods: ReadonlyMap<number, LockedGoods>, now: Date): LoadedCart {
  const stock = (id: number, was: number) => goods.get(id)?.stock ?? was;
  const lines = cart.lines.map((l) => ({
    ...l,
    goods: l.goods ? { ...l.goods, stock: stock(l.goods.id, l.goods.stock) } : null,
    combination: l.combination
      ? {
          ...l.combination,
          items: l.combination.items.map((it) => ({ ...it, stock: stock(it.goodsId, it.stock) })),
        }
      : null,
  }));
  return { ...cart, lines, inputs: lines.map((l) => lineInput(l, cart.running, now)) };
}

/** The hash that ties an idempotency key to one request body. */
function bodyHash(input: PlaceOrderInput): string {
  const { idempotency_key: _key, ...rest } = input;
  const sorted = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)));
  return crypto.createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

export const orderNo = (id: number, now: Date) =>
  `KC${chinaDate(now).replaceAll('-', '')}${String(id).padStart(8, '0')}`;

/** Claims the key; a key already used answers its order (or refuses a different body). */
async function claimKey(tx: Tx, memberId: number, key: string, hash: string, now: Date) {
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

/** The member (locked: one order of a member at a time), the address, and the new order's id. */
async function lockMember(tx: Tx, memberId: number, addressId: number) {
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

async function readPlaced(tx: Tx, orderId: number): Promise<PlacedOrderView> {
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

function placedView(
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
 * `POST /api/order`: places the order in ONE transaction: claims the idempotency key, locks
 * the member, re-prices the cart from the database, locks the goods (lowest id first), draws
 * the units from the lots earliest expiry first, writes the order with batch and expiry on
 * every line, takes the stock, uses the coupons and clears the ordered cart lines. A fixed
 * number of statements whatever the number of lines. Anything short or changed rolls it all
 * back with the reason.
 */
export async function placeOrder(
  db: Db,
  memberId: number,
  input: PlaceOrderInput,
  now: Date,
): Promise<PlacedOrderView> {
  const key = input.idempotency_key;
  if (!key) throw invalid('idempotency_key', '缺少请求标识，请刷新页面后重新提交');
  return db.transaction(async (tx) => {
    const existing = await claimKey(tx, memberId, key, bodyHash(input), now);
    if (existing) return readPlaced(tx, existing);
    const m = await lockMember(tx, memberId, input.address_id!);
    const loaded = await loadCart(tx, memberId, now);
    const chosen = chosenLineIds(loaded, input.ids);
    // Stock is judged from the locked rows: a buyer who waited for the lock sees what is left.
    const ids = goodsIdsOf(loaded, chosen);
    const goods = await lockGoods(tx, ids);
    const cart = withLockedStock(loaded, goods, now);
    const [coupons, vouchers] = await Promise.all([
      input.coupon_id === 0 ? [] : heldCoupons(tx, memberId, now, 'coupon'),
      input.voucher_id === 0 ? [] : heldCoupons(tx, memberId, now, 'voucher'),
    ]);
    const sel = await priceSelection(
      tx,
      cart,
      chosen,
      { coupons, vouchers },
      { coupon: input.coupon_id, voucher: input.voucher_id },
      now,
    );
    assertOrderable(cart, sel.priced, chosen);
    const plan = planOrder(cart, sel, goods, await lotsOf(tx, ids), now);
    if (plan.problems.length > 0) throw business(plan.problems[0]!.message, { problems: plan.problems });
    if (input.expected_payable !== undefined && yuanToFen(input.expected_payable) !== sel.amounts.payable)
      throw business('订单金额已变动，请确认后再提交', {
        amount_changed: 1,
        payable: fenToYuan(sel.amounts.payable),
      });
    const isHm = plan.lines.some((l) => goods.get(l.goodsId)?.isHm);
    const expiresAt = new Date(now.getTime() + ORDER_RULES.unpaidTimeoutMs);
    const no = orderNo(m.next_id, now);
    await writeOrder(tx, {
      id: m.next_id,
      orderNo: no,
      memberId,
      isHm,
      address: m.address,
      input,
      amounts: sel.amounts,
      couponId: sel.coupon.chosen?.coupon.id ?? null,
      voucherId: sel.voucher.chosen?.coupon.id ?? null,
      expiresAt,
      lines: plan.lines,
      goods,
      now,
    });
    await moveStock(
      tx,
      plan.lines.flatMap((l) => l.draws),
    );
    const used = [sel.coupon.chosen?.coupon.id, sel.voucher.chosen?.coupon.id].filter(
      (x): x is number => !!x,
    );
    if (used.length > 0) await consumeCoupons(tx, used, m.next_id, now);
    await tx.execute(sql`
      with gone as (delete from cart_lines where member_id = ${memberId} and id = any(${sql.param(sel.chosenIds)}::int[]))
      update order_requests set order_id = ${m.next_id} where member_id = ${memberId} and key = ${key}`);
    return placedView(m.next_id, no, sel.amounts.payable, isHm, expiresAt);
  });
}
