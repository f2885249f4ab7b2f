import type { FastifyInstance } from 'fastify';
import {
  orderIdParamsSchema,
  pageQuerySchema,
  returnPhotoParamsSchema,
  returnRequestSchema,
} from '@kc/domain';
import { requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { listReturns, requestReturn, returnDetail, returnPhoto } from './returns.js';

/** Up to 5 photos of 5 MB each, base64 in a form body (4/3 larger), with room for the rest. */
const RETURN_BODY_LIMIT = 40 * 1024 * 1024;

/** The member's returns and after-sales calls (docs/api/order.md, "Returns and after-sales"). */
export function returnRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const idOf = (params: unknown) => parse(orderIdParamsSchema, params).id;

  app.post('/api/order/:id/return', { bodyLimit: RETURN_BODY_LIMIT }, async (req) => {
    const memberId = await requireMember(req);
    const input = parse(returnRequestSchema, req.body);
    return ok(
      await requestReturn(db, memberId, idOf(req.params), input, ctx.now()),
      '申请已提交，请等待审核',
    );
  });

  app.get('/api/order/returns', async (req) => {
    const memberId = await requireMember(req);
    return ok(await listReturns(db, parse(pageQuerySchema, req.query), { memberId }));
  });

  app.get('/api/order/return/:id', async (req) => {
    const memberId = await requireMember(req);
    return ok(await returnDetail(db, idOf(req.params), memberId));
  });

  app.get('/api/order/return/:id/photo/:n', async (req, reply) => {
    const memberId = await requireMember(req);
    const { id, n } = parse(returnPhotoParamsSchema, req.params);
    const f = await returnPhoto(db, id, n, memberId);
    return reply.type(f.mime).header('cache-control', 'private, no-store').send(f.bytes);
  });
}
