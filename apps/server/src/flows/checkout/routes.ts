import type { FastifyInstance } from 'fastify';
import {
  availableCouponQuerySchema,
  cartCheckoutSchema,
  orderIdParamsSchema,
  orderPreviewSchema,
  placeOrderSchema,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { buyAgain } from './again.js';
import { checkout } from './cart-check.js';
import { availableCoupons } from './coupons.js';
import { placeOrder } from './place.js';
import { checkOrder } from './preview.js';

/**
 * The checkout journey (docs/api/order.md, docs/api/cart.md): the cart's checkout check, the
 * coupons priced against chosen lines, the check-order page, placing the order and buying an
 * old order again. Each reads and changes the caller's own cart and orders only.
 */
export function checkoutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.post('/api/cart/checkout', async (req) => {
    const memberId = await requireMember(req);
    const { ids } = parse(cartCheckoutSchema, req.body);
    return ok(await checkout(db, memberId, ids, ctx.now()));
  });

  app.get('/api/user/availableCoupon', async (req) => {
    const memberId = await requireMember(req);
    const q = parse(availableCouponQuerySchema, req.query);
    return ok(await availableCoupons(db, memberId, q, ctx.now()));
  });

  app.post('/api/order/preview', async (req) => {
    const memberId = await requireMember(req);
    return ok(await checkOrder(db, memberId, parse(orderPreviewSchema, req.body), ctx.now()));
  });

  app.post('/api/order', async (req) => {
    const memberId = await requireMember(req);
    const header = req.headers['idempotency-key'];
    const body = {
      ...(req.body as object),
      ...(typeof header === 'string' ? { idempotency_key: header } : {}),
    };
    const input = parse(placeOrderSchema, body);
    try {
      return ok(await placeOrder(db, memberId, input, ctx.now()), '订单提交成功');
    } catch (err) {
      // A changed amount answers with the new check-order view, so the page can show it at once.
      const data =
        err instanceof AppError ? (err.data as { amount_changed?: number } | undefined) : undefined;
      if (!(err instanceof AppError) || !data?.amount_changed) throw err;
      const preview = await checkOrder(db, memberId, input, ctx.now());
      throw new AppError('business', err.message, undefined, { ...data, preview });
    }
  });

  app.post('/api/order/:id/buy_again', async (req) => {
    const memberId = await requireMember(req);
    const r = await buyAgain(db, memberId, parse(orderIdParamsSchema, req.params).id, ctx.now());
    const msg =
      r.skipped.length > 0 ? `已加入购物车${r.added}种，${r.skipped.length}种无法购买` : '已加入购物车';
    return ok(r, msg);
  });
}
