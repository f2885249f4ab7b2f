import type { FastifyInstance } from 'fastify';
import {
  CART_MESSAGES,
  cartAddSchema,
  cartBatchSelectSchema,
  cartCheckoutSchema,
  cartCopySchema,
  cartEditSchema,
  cartIdParamsSchema,
  cartIdsSchema,
  cartListQuerySchema,
  cartQuickAddSchema,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { addToCart, type AddResult } from './add.js';
import { copyLines } from './copy.js';
import { editLine } from './edit.js';
import { nextHint } from './hint.js';
import { batchDelete, batchSelect, cartList, cartTotal } from './service.js';

const addReply = (r: AddResult) =>
  ok(
    { action: 1, ...r },
    r.price_changed.length > 0
      ? `${CART_MESSAGES.added}，${CART_MESSAGES.priceChanged}`
      : CART_MESSAGES.added,
  );

/**
 * The cart calls of SPEC §7: members only, each reads and writes the caller's own lines. The
 * checkout check (`POST /api/cart/checkout`) starts the checkout journey (flows/checkout).
 */
export function cartRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.post('/api/cart', async (req) => {
    const memberId = await requireMember(req);
    const { params } = parse(cartAddSchema, req.body);
    return addReply(await addToCart(db, memberId, params, ctx.now()));
  });

  app.post('/api/cart/quick_add/:id', async (req) => {
    const memberId = await requireMember(req);
    const { id } = parse(cartIdParamsSchema, req.params);
    const body = parse(cartQuickAddSchema, req.body);
    const added = await addToCart(
      db,
      memberId,
      [{ goods_id: id, number: body.number ?? 0, type: body.type }],
      ctx.now(),
      {
        defaultToMiddlePack: body.number === undefined,
      },
    );
    return addReply(added);
  });

  app.get('/api/cart/list', async (req) => {
    const memberId = await requireMember(req);
    return ok(await cartList(db, memberId, ctx.now(), parse(cartListQuerySchema, req.query)));
  });

  app.get('/api/cart/total', async (req) => {
    const memberId = await requireMember(req);
    return ok({ total: await cartTotal(db, memberId) });
  });

  app.post('/api/cart/:id/edit', async (req) => {
    const memberId = await requireMember(req);
    const { id } = parse(cartIdParamsSchema, req.params);
    const { number } = parse(cartEditSchema, req.body);
    return ok(await editLine(db, memberId, id, number ?? 0, ctx.now()));
  });

  app.post('/api/cart/batch_select', async (req) => {
    const memberId = await requireMember(req);
    const { ids, is_selected } = parse(cartBatchSelectSchema, req.body);
    return ok(await batchSelect(db, memberId, ids, is_selected === 1, ctx.now()));
  });

  app.post('/api/cart/batch_delete', async (req) => {
    const memberId = await requireMember(req);
    const { ids } = parse(cartIdsSchema, req.body);
    return ok(await batchDelete(db, memberId, ids, ctx.now()), CART_MESSAGES.deleted);
  });

  app.post('/api/cart/copy', async (req) => {
    const memberId = await requireMember(req);
    const { ids, other_user_ids } = parse(cartCopySchema, req.body);
    return ok(await copyLines(db, memberId, ids, other_user_ids, ctx.now()), CART_MESSAGES.copied);
  });

  // SPEC §7 sends its parameters in the query string; a form body is read too.
  app.post('/api/cart/next_hint', async (req) => {
    const memberId = await requireMember(req);
    const input = { ...(req.body as object | undefined), ...(req.query as object) };
    const { ids } = parse(cartCheckoutSchema, input);
    return ok(await nextHint(db, memberId, ids, ctx.now()));
  });
}
