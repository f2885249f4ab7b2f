import type { FastifyInstance } from 'fastify';
import { idParamSchema, pointsGoodsQuerySchema, pointsOrderQuerySchema, redeemSchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { optionalMember, requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { memberPointsOrders } from '../../modules/order/points-order.js';
import { giftForSale, giftsForSale } from '../../modules/promotion/points-mall.js';
import { redeem } from './redeem.js';

/**
 * The points mall journey (docs/api/points-m4.md): visitors browse the gifts, a member
 * redeems one (points, gift stock and a points order in one transaction) and follows the
 * points orders with their shipping.
 */
export function pointsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/points/goods', async (req) =>
    ok(await giftsForSale(db, await optionalMember(req), parse(pointsGoodsQuerySchema, req.query))),
  );

  app.get('/api/points/goods/:id', async (req) =>
    ok(await giftForSale(db, await optionalMember(req), parse(idParamSchema, req.params).id)),
  );

  app.post('/api/points/redeem', async (req) => {
    const memberId = await requireMember(req);
    const header = req.headers['idempotency-key'];
    const body = {
      ...(req.body as object),
      ...(typeof header === 'string' ? { idempotency_key: header } : {}),
    };
    return ok(await redeem(db, memberId, parse(redeemSchema, body), ctx.now()), '兑换成功');
  });

  app.get('/api/points/orders', async (req) => {
    const memberId = await requireMember(req);
    return ok(await memberPointsOrders(db, memberId, parse(pointsOrderQuerySchema, req.query)));
  });
}
