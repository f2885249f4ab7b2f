import { redeemRefusal, type RedeemedView, type RedeemInput } from '@kc/domain';
import type { Db, Tx } from '../../platform/db.js';
import { business, invalid } from '../../platform/errors.js';
import {
  claimRedeemKey,
  linkRedeemKey,
  lockPointsOrder,
  lockRedeemer,
  markPointsCancelled,
  readRedeemed,
  redeemedByMember,
  writePointsOrder,
} from '../../modules/order/points-order.js';
import { lockGift, returnGiftStock, takeGiftStock } from '../../modules/promotion/points-mall.js';
import { changePoints } from '../../modules/wallet/service.js';

/**
 * `POST /api/points/redeem`: a member exchanges points for a gift in ONE transaction: claims
 * the idempotency key (a retry answers the same order), locks the member (their points) and
 * then the gift, judges on-sale, stock, the per-member limit and the points from the locked
 * rows, takes the stock (promotion), writes the points order 待发货 with the address snapshot
 * (order), and takes the points with a log row (wallet). Locks are taken member → gift, and a
 * cancel takes order → member → gift, so the two never wait on each other in a circle.
 */
export async function redeem(db: Db, memberId: number, input: RedeemInput, now: Date): Promise<RedeemedView> {
  const key = input.idempotency_key;
  if (!key) throw invalid('idempotency_key', '缺少请求标识，请刷新页面后重新提交');
  return db.transaction(async (tx) => {
    const existing = await claimRedeemKey(tx, memberId, key, input, now);
    if (existing) return readRedeemed(tx, existing);
    const m = await lockRedeemer(tx, memberId, input.address_id);
    const gift = await lockGift(tx, input.goods_id);
    const already = gift.perMember > 0 ? await redeemedByMember(tx, memberId, gift.id) : 0;
    const why = redeemRefusal({
      onSale: gift.onSale,
      stock: gift.stock,
      perMember: gift.perMember,
      already,
      cost: gift.points,
      points: m.points,
      number: input.number,
    });
    if (why) throw business(why);
    await takeGiftStock(tx, gift.id, input.number);
    const no = await writePointsOrder(tx, {
      id: m.nextId,
      memberId,
      address: m.address,
      gift,
      number: input.number,
      now,
    });
    await changePoints(tx, memberId, -gift.points * input.number, `积分兑换 ${no}`, m.nextId, now);
    await linkRedeemKey(tx, memberId, key, m.nextId);
    return readRedeemed(tx, m.nextId);
  });
}

/**
 * Cancels a points order awaiting shipment inside the caller's transaction: the points back
 * to the member with a log row (wallet), each gift's units back (promotion), the order
 * cancelled with an event (order). Returns what the audit log records.
 */
export async function cancelRedemptionLocked(
  tx: Tx,
  orderId: number,
  reason: string,
  by: 'member' | 'operator',
  now: Date,
) {
  const p = await lockPointsOrder(tx, orderId);
  const before = { status: p.order.status };
  if (p.order.status !== 0 && p.order.status !== 1)
    throw business(p.order.status === 4 ? '订单已取消' : '积分订单已发货，不能取消');
  // Member before gift, as a redemption locks them.
  if (p.points > 0)
    await changePoints(tx, p.order.memberId, p.points, `积分兑换取消退回 ${p.order.orderNo}`, orderId, now);
  for (const g of p.gifts) await returnGiftStock(tx, g.giftId, g.number);
  const to = await markPointsCancelled(tx, p, reason, by, now);
  return {
    orderNo: p.order.orderNo,
    memberId: p.order.memberId,
    points: p.points,
    before,
    after: { status: to },
  };
}

export async function cancelRedemption(
  db: Db,
  orderId: number,
  reason: string,
  by: 'member' | 'operator',
  now: Date,
) {
  return db.transaction((tx) => cancelRedemptionLocked(tx, orderId, reason, by, now));
}
