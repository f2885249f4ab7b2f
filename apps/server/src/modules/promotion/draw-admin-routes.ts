import type { FastifyInstance } from 'fastify';
import {
  adminDrawListQuerySchema,
  adminDrawRecordQuerySchema,
  drawInputSchema,
  drawPrizeInputSchema,
  idParamSchema,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { audit } from '../../platform/audit.js';
import { ok, parse } from '../../platform/http.js';
import {
  couponOptions,
  createDraw,
  createPrize,
  deleteDraw,
  deletePrize,
  drawForOperator,
  drawRecordsForOperator,
  listDraws,
  shipDrawPrize,
  updateDraw,
  updatePrize,
} from './draw-admin.js';

const read = { config: { access: 'marketing.read' as const } };
const edit = { config: { access: 'marketing.edit' as const } };

/** The prize draws in the back office (营销管理 → 抽奖活动), under `/api/admin`. */
export function drawAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/draws', read, async (req) =>
    ok(await listDraws(db, parse(adminDrawListQuerySchema, req.query), ctx.now())),
  );

  app.get('/draws/coupon_options', read, async () => ok(await couponOptions(db, ctx.now())));

  app.get('/draws/:id', read, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    return ok(await drawForOperator(db, id, ctx.now()));
  });

  app.post('/draws', edit, async (req) => {
    const body = parse(drawInputSchema, req.body);
    const id = await createDraw(db, body, ctx.now());
    const after = await drawForOperator(db, id, ctx.now());
    audit(req, {
      action: 'draw.create',
      entity: 'draw',
      entityId: id,
      summary: `新建抽奖 ${body.name}`,
      after,
    });
    return ok(after, '抽奖活动已创建');
  });

  app.post('/draws/:id', edit, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const { before, after } = await updateDraw(db, id, parse(drawInputSchema, req.body));
    audit(req, {
      action: 'draw.update',
      entity: 'draw',
      entityId: id,
      summary: `修改抽奖 ${after.name}`,
      before,
      after,
    });
    return ok(await drawForOperator(db, id, ctx.now()), '抽奖活动已保存');
  });

  app.post('/draws/:id/delete', edit, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const before = await deleteDraw(db, id);
    audit(req, {
      action: 'draw.delete',
      entity: 'draw',
      entityId: id,
      summary: `删除抽奖 ${before.name}`,
      before,
    });
    return ok(null, '抽奖活动已删除');
  });

  app.post('/draws/:id/prizes', edit, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const after = await createPrize(db, id, parse(drawPrizeInputSchema, req.body));
    audit(req, {
      action: 'draw.prize_create',
      entity: 'draw_prize',
      entityId: after.id,
      summary: `抽奖 #${id} 新增奖品 ${after.name}（概率 ${after.odds}/10000，库存 ${after.stock}）`,
      after,
    });
    return ok(await drawForOperator(db, id, ctx.now()), '奖品已添加');
  });

  app.post('/draw_prizes/:id', edit, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const { before, after } = await updatePrize(db, id, parse(drawPrizeInputSchema, req.body));
    audit(req, {
      action: 'draw.prize_update',
      entity: 'draw_prize',
      entityId: id,
      summary: `修改奖品 ${after.name}（概率 ${after.odds}/10000，库存 ${after.stock}）`,
      before,
      after,
    });
    return ok(await drawForOperator(db, after.drawId, ctx.now()), '奖品已保存');
  });

  app.post('/draw_prizes/:id/delete', edit, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const before = await deletePrize(db, id);
    audit(req, {
      action: 'draw.prize_delete',
      entity: 'draw_prize',
      entityId: id,
      summary: `删除奖品 ${before.name}`,
      before,
    });
    return ok(await drawForOperator(db, before.drawId, ctx.now()), '奖品已删除');
  });

  app.get('/draws/:id/records', read, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    return ok(await drawRecordsForOperator(db, id, parse(adminDrawRecordQuerySchema, req.query)));
  });

  app.post('/draw_records/:id/ship', edit, async (req) => {
    const { id } = parse(idParamSchema, req.params);
    const r = await shipDrawPrize(db, id);
    audit(req, {
      action: 'draw.ship',
      entity: 'draw_record',
      entityId: id,
      summary: `抽奖 #${r.drawId} 奖品 ${r.prizeName} 已发货`,
      before: { fulfilment: 'pending' },
      after: { fulfilment: 'shipped' },
    });
    return ok(null, '已标记发货');
  });
}
