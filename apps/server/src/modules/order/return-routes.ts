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
import { limitUploads, receiveUpload } from '../account/uploads.js';
import { RETURN_UPLOAD, listReturns, requestReturn, returnDetail, returnPhoto } from './returns.js';

/** The request's fields; the photos arrive as file parts (RETURN_UPLOAD). */
const returnFieldsSchema = returnRequestSchema.omit({ photos: true });

/** The member's returns and after-sales calls (docs/api/order.md, "Returns and after-sales"). */
export function returnRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const idOf = (params: unknown) => parse(orderIdParamsSchema, params).id;

  app.post('/api/order/:id/return', { config: { upload: true } }, async (req) => {
    const memberId = await requireMember(req);
    const orderId = idOf(req.params);
    await limitUploads(ctx.limits, memberId);
    const { fields, files } = await receiveUpload(req, RETURN_UPLOAD);
    const input = parse(returnFieldsSchema, fields);
    return ok(await requestReturn(db, memberId, orderId, input, files, ctx.now()), '申请已提交，请等待审核');
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
    return reply.type(f.mime).header('cache-control', 'private, no-store').send(f.body);
  });
}
