import type { FastifyInstance } from 'fastify';
import {
  activityAdminListSchema,
  activityEnabledSchema,
  activityInputSchema,
  combinationAdminListSchema,
  combinationInputSchema,
  combinationOnSaleSchema,
  idParamSchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import {
  combinationViews,
  createCombinationFromInput,
  listCombinations,
  setCombinationOnSale,
  updateCombinationFromInput,
} from './admin-combinations.js';
import { activityReport } from './admin-report.js';
import {
  activityAdminView,
  activityById,
  createActivityFromInput,
  listActivities,
  setActivityEnabled,
  updateActivityFromInput,
} from './admin-service.js';

/**
 * The operator's activities and combinations under `/api/admin` (docs/api/activity.md): list,
 * detail, create, update, the enable switch (the 94折 switch is the discount's), the sales
 * report; combinations with their on/off sale. Reads need marketing.read, writes
 * marketing.edit; every write is audited and drops the running promotions everywhere.
 */
export function activityAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const read = { config: { access: 'marketing.read' } } as const;
  const edit = { config: { access: 'marketing.edit' } } as const;
  const idOf = (params: unknown) => parse(idParamSchema, params).id;

  app.get('/activities', read, async (req) => {
    return ok(await listActivities(db, parse(activityAdminListSchema, req.query), ctx.now()));
  });

  app.get('/activities/:id', read, async (req) => {
    const now = ctx.now();
    return ok(await activityAdminView(db, await activityById(db, idOf(req.params)), now));
  });

  app.get('/activities/:id/report', read, async (req) => {
    return ok(await activityReport(db, idOf(req.params), ctx.now()));
  });

  app.post('/activities', edit, async (req) => {
    const input = parse(activityInputSchema, req.body);
    const now = ctx.now();
    const a = await createActivityFromInput(db, input, now, ctx.bus);
    const view = await activityAdminView(db, a, now);
    audit(req, {
      action: 'activity.create',
      entity: 'activity',
      entityId: a.id,
      summary: `新建${view.kind_text}活动 ${a.name}`,
      after: view,
    });
    return ok(view, '已创建');
  });

  app.put('/activities/:id', edit, async (req) => {
    const id = idOf(req.params);
    const input = parse(activityInputSchema, req.body);
    const now = ctx.now();
    const { before, after } = await updateActivityFromInput(db, id, input, now, ctx.bus);
    const view = await activityAdminView(db, after, now);
    audit(req, {
      action: 'activity.update',
      entity: 'activity',
      entityId: id,
      summary: `修改${view.kind_text}活动 ${after.name}`,
      before: await activityAdminView(db, before, now),
      after: view,
    });
    return ok(view, '已保存');
  });

  app.put('/activities/:id/enabled', edit, async (req) => {
    const id = idOf(req.params);
    const { enabled } = parse(activityEnabledSchema, req.body);
    const now = ctx.now();
    const { before, after } = await setActivityEnabled(db, id, enabled, now, ctx.bus);
    const view = await activityAdminView(db, after, now);
    audit(req, {
      action: enabled ? 'activity.enable' : 'activity.disable',
      entity: 'activity',
      entityId: id,
      summary: `${enabled ? '启用' : '停用'}${view.kind_text}活动 ${after.name}`,
      before: { enabled: before.enabled },
      after: { enabled: after.enabled },
    });
    return ok(view, enabled ? '已启用' : '已停用');
  });

  app.get('/combinations', read, async (req) => {
    return ok(await listCombinations(db, parse(combinationAdminListSchema, req.query), ctx.now()));
  });

  app.post('/combinations', edit, async (req) => {
    const input = parse(combinationInputSchema, req.body);
    const c = await createCombinationFromInput(db, input, ctx.bus);
    const [view] = await combinationViews(db, [c], ctx.now());
    audit(req, {
      action: 'combination.create',
      entity: 'combination',
      entityId: c.id,
      summary: `新建组合 ${c.name}`,
      after: view,
    });
    return ok(view!, '已创建');
  });

  app.put('/combinations/:id', edit, async (req) => {
    const id = idOf(req.params);
    const input = parse(combinationInputSchema, req.body);
    const now = ctx.now();
    const { before, after } = await updateCombinationFromInput(db, id, input, ctx.bus);
    const [view] = await combinationViews(db, [after], now);
    const [old] = await combinationViews(db, [before], now);
    audit(req, {
      action: 'combination.update',
      entity: 'combination',
      entityId: id,
      summary: `修改组合 ${after.name}`,
      before: old,
      after: view,
    });
    return ok(view!, '已保存');
  });

  app.put('/combinations/:id/on_sale', edit, async (req) => {
    const id = idOf(req.params);
    const { on_sale } = parse(combinationOnSaleSchema, req.body);
    const { before, after } = await setCombinationOnSale(db, id, on_sale, ctx.bus);
    const [view] = await combinationViews(db, [after], ctx.now());
    audit(req, {
      action: on_sale ? 'combination.on_sale' : 'combination.off_sale',
      entity: 'combination',
      entityId: id,
      summary: `${on_sale ? '上架' : '下架'}组合 ${after.name}`,
      before: { on_sale: before.onSale },
      after: { on_sale: after.onSale },
    });
    return ok(view!, on_sale ? '已上架' : '已下架');
  });
}
