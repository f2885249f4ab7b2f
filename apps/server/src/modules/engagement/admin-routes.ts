import type { FastifyInstance } from 'fastify';
import {
  adminBuyListQuerySchema,
  adminFeedbackListQuerySchema,
  adminJoinListQuerySchema,
  buyAnswerSchema,
  feedbackImageParamsSchema,
  feedbackReplySchema,
  idParamsSchema,
  joinReviewSchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { adminBuyRequest, adminListBuyRequests, answerBuyRequest } from './buy-requests.js';
import { adminFeedback, adminListFeedback, feedbackImage, replyFeedback } from './feedback.js';
import {
  adminJoinApplication,
  adminListJoinApplications,
  reviewJoinApplication,
} from './join-applications.js';

/**
 * The back office of variety requests, feedback and franchise applications under `/api/admin`:
 * reads need engagement.read, answers engagement.reply (客服 and 管理员); every answer is
 * audited and sends the member a message.
 */
export function engagementAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const read = { config: { access: 'engagement.read' } } as const;
  const reply = { config: { access: 'engagement.reply' } } as const;
  const idOf = (params: unknown) => parse(idParamsSchema, params).id;

  app.get('/buy_requests', read, async (req) =>
    ok(await adminListBuyRequests(db, parse(adminBuyListQuerySchema, req.query))),
  );

  app.post('/buy_requests/:id/answer', reply, async (req) => {
    const id = idOf(req.params);
    const input = parse(buyAnswerSchema, req.body);
    const operatorId = await requireOperator(req);
    const before = await adminBuyRequest(db, id);
    await answerBuyRequest(db, id, operatorId, input, ctx.now());
    const after = await adminBuyRequest(db, id);
    audit(req, {
      action: 'buy_request.answer',
      entity: 'buy_request',
      entityId: id,
      summary: `答复品种求购 ${after.name}：${after.status_text}${after.goods ? `（${after.goods.name}）` : ''}`,
      before,
      after,
    });
    return ok(after, '已答复，会员将收到消息');
  });

  app.get('/feedback', read, async (req) =>
    ok(await adminListFeedback(db, parse(adminFeedbackListQuerySchema, req.query))),
  );

  app.post('/feedback/:id/reply', reply, async (req) => {
    const id = idOf(req.params);
    const { reply: text } = parse(feedbackReplySchema, req.body);
    const operatorId = await requireOperator(req);
    const before = await adminFeedback(db, id);
    await replyFeedback(db, id, operatorId, text, ctx.now());
    const after = await adminFeedback(db, id);
    audit(req, {
      action: 'feedback.reply',
      entity: 'feedback',
      entityId: id,
      summary: `回复${after.type_text}（${after.member_company}）`,
      before,
      after,
    });
    return ok(after, '已回复，会员将收到消息');
  });

  app.get('/feedback/:id/image/:n', read, async (req, res) => {
    const { id, n } = parse(feedbackImageParamsSchema, req.params);
    const f = await feedbackImage(db, id, n);
    return res.type(f.mime).header('cache-control', 'private, no-store').send(f.body);
  });

  app.get('/join_applications', read, async (req) =>
    ok(await adminListJoinApplications(db, parse(adminJoinListQuerySchema, req.query))),
  );

  app.post('/join_applications/:id/review', reply, async (req) => {
    const id = idOf(req.params);
    const input = parse(joinReviewSchema, req.body);
    const operatorId = await requireOperator(req);
    await reviewJoinApplication(db, id, operatorId, input, ctx.now());
    const after = await adminJoinApplication(db, id);
    audit(req, {
      action: 'join_application.review',
      entity: 'join_application',
      entityId: id,
      summary: `审核加盟申请 ${after.company}：${after.status_text}`,
      after,
    });
    return ok(after, '审核完成');
  });
}
