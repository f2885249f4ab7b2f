import type { FastifyInstance } from 'fastify';
import {
  adminPointsGoodsQuerySchema,
  cancelPointsOrderSchema,
  idParamSchema,
  ORDER_STATUS_TEXT,
  pointsGoodsInputSchema,
  pointsOrderQuerySchema,
  shipOrderSchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { postMessage } from '../../modules/account/messages.js';
import {
  adminPointsOrder,
  adminPointsOrders,
  lockPointsOrder,
  shipPointsOrder,
} from '../../modules/order/points-order.js';
import { adminGift, adminGifts, createGift, updateGift } from '../../modules/promotion/points-mall.js';
import { cancelRedemptionLocked } from './redeem.js';

/**
 * The points mall in the back office, under `/api/admin` (docs/api/points-m4.md): gifts
 * (marketing.read / marketing.edit), points orders (order.read: the warehouse that ships them
 * reads the queue too), shipping (order.ship) and cancelling with the points and the stock put
 * back (marketing.edit). Every write is audited.
 */
export function pointsAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;

  app.get('/points/goods', { config: { access: 'marketing.read' } }, async (req) =>
    ok(await adminGifts(db, parse(adminPointsGoodsQuerySchema, req.query))),
  );

  app.get('/points/goods/:id', { config: { access: 'marketing.read' } }, async (req) =>
    ok(await adminGift(db, id(req.params))),
  );

  app.post('/points/goods', { config: { access: 'marketing.edit' } }, async (req) => {
    const input = parse(pointsGoodsInputSchema, req.body);
    const g = await createGift(db, input, ctx.now());
    audit(req, {
      action: 'points_goods.create',
      entity: 'points_goods',
      entityId: g.id,
      summary: `新增积分礼品 ${g.name}（${g.points}积分，库存${g.stock}）`,
      after: g,
    });
    return ok(g, '礼品已创建');
  });

  app.post('/points/goods/:id', { config: { access: 'marketing.edit' } }, async (req) => {
    const giftId = id(req.params);
    const input = parse(pointsGoodsInputSchema, req.body);
    const { before, after } = await db.transaction((tx) => updateGift(tx, giftId, input));
    audit(req, {
      action: 'points_goods.update',
      entity: 'points_goods',
      entityId: giftId,
      summary: `修改积分礼品 ${after.name}`,
      before,
      after,
    });
    return ok(after, '礼品已保存');
  });

  app.get('/points/orders', { config: { access: 'order.read' } }, async (req) =>
    ok(await adminPointsOrders(db, parse(pointsOrderQuerySchema, req.query))),
  );

  app.post('/points/orders/:id/ship', { config: { access: 'order.ship' } }, async (req) => {
    const orderId = id(req.params);
    const { carrier, tracking_no } = parse(shipOrderSchema, req.body);
    const r = await db.transaction(async (tx) => {
      const p = await lockPointsOrder(tx, orderId);
      const to = await shipPointsOrder(tx, p, carrier, tracking_no, ctx.now());
      return { orderNo: p.order.orderNo, before: p.order.status, to };
    });
    audit(req, {
      action: 'points_order.ship',
      entity: 'order',
      entityId: orderId,
      summary: `积分订单 ${r.orderNo} 发货：${carrier} ${tracking_no}`,
      before: { status: ORDER_STATUS_TEXT[r.before] },
      after: { status: ORDER_STATUS_TEXT[r.to], carrier, tracking_no },
    });
    return ok(await adminPointsOrder(db, orderId), '已发货');
  });

  app.post('/points/orders/:id/cancel', { config: { access: 'marketing.edit' } }, async (req) => {
    const orderId = id(req.params);
    const { reason } = parse(cancelPointsOrderSchema, req.body);
    const r = await db.transaction(async (tx) => {
      const done = await cancelRedemptionLocked(tx, orderId, `客服取消：${reason}`, 'operator', ctx.now());
      await postMessage(
        tx,
        done.memberId,
        'order',
        '积分订单已取消',
        `您的积分订单${done.orderNo}已由客服取消，原因：${reason}。${done.points}积分已退回您的账户。`,
        ctx.now(),
      );
      return done;
    });
    audit(req, {
      action: 'points_order.cancel',
      entity: 'order',
      entityId: orderId,
      summary: `取消积分订单 ${r.orderNo}（${reason}），退回${r.points}积分`,
      before: { status: ORDER_STATUS_TEXT[r.before.status] },
      after: { status: ORDER_STATUS_TEXT[r.after.status], points_refunded: r.points, reason },
    });
    return ok(await adminPointsOrder(db, orderId), `已取消，退回${r.points}积分`);
  });
}
