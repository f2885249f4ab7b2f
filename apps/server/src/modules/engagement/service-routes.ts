import type { FastifyInstance } from 'fastify';
import {
  buyRequestSchema,
  feedbackImageParamsSchema,
  feedbackSchema,
  idParamsSchema,
  joinApplySchema,
  pageQuerySchema,
} from '@kc/domain';
import { optionalMember, requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { LIMITS, enforce } from '../../platform/limits.js';
import { limitUploads, receiveUpload } from '../account/uploads.js';
import { buyRequestDetail, createBuyRequest, listBuyRequests } from './buy-requests.js';
import { FEEDBACK_UPLOAD, createFeedback, feedbackImage, listFeedback } from './feedback.js';
import { applyToJoin } from './join-applications.js';

/**
 * The member's service calls (docs/api.md, "Variety requests, feedback and franchise"):
 * variety requests and feedback read and write the caller's own rows only; a franchise
 * application may come from a visitor, limited per address.
 */
export function serviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.post('/api/user/buy', async (req) => {
    const memberId = await requireMember(req);
    const input = parse(buyRequestSchema, req.body);
    return ok(await createBuyRequest(db, memberId, input, ctx.now()), '求购已提交，我们会尽快为您寻找货源');
  });

  app.get('/api/user/buy', async (req) => {
    const memberId = await requireMember(req);
    return ok(await listBuyRequests(db, memberId, parse(pageQuerySchema, req.query)));
  });

  app.get('/api/user/buy/:id', async (req) => {
    const memberId = await requireMember(req);
    return ok(await buyRequestDetail(db, parse(idParamsSchema, req.params).id, memberId));
  });

  app.post('/api/user/feedback', { config: { upload: true } }, async (req) => {
    const memberId = await requireMember(req);
    await limitUploads(ctx.limits, memberId);
    const { fields, files } = await receiveUpload(req, FEEDBACK_UPLOAD);
    const input = parse(feedbackSchema, fields);
    return ok(await createFeedback(db, memberId, input, files, ctx.now()), '感谢您的反馈，我们会尽快回复');
  });

  app.get('/api/user/feedback', async (req) => {
    const memberId = await requireMember(req);
    return ok(await listFeedback(db, memberId, parse(pageQuerySchema, req.query)));
  });

  app.get('/api/user/feedback/:id/image/:n', async (req, reply) => {
    const memberId = await requireMember(req);
    const { id, n } = parse(feedbackImageParamsSchema, req.params);
    const f = await feedbackImage(db, id, n, memberId);
    return reply.type(f.mime).header('cache-control', 'private, no-store').send(f.body);
  });

  app.post('/api/goods/join_apply', async (req) => {
    const memberId = await optionalMember(req);
    const input = parse(joinApplySchema, req.body);
    await enforce(ctx.limits, `join:${req.ip}`, LIMITS.joinApply, '提交过于频繁，请稍后再试');
    return ok(await applyToJoin(db, memberId, input, ctx.now()), '申请已提交，招商专员会尽快与您联系');
  });
}
