import type { FastifyInstance } from 'fastify';
import {
  couponAdminListSchema,
  couponCreateSchema,
  couponEditSchema,
  couponIssueSchema,
  idParamSchema,
  pageQuerySchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import {
  couponAdminView,
  couponTemplateById,
  couponUsage,
  createCouponFromInput,
  editCouponTemplate,
  listCouponTemplates,
  setCouponPublished,
} from './coupon-admin.js';
import { groupMembers, issueCoupons } from './coupon-claim.js';

/**
 * The operator's coupons under `/api/admin` (docs/api/coupons-m2.md): list, create, edit,
 * publish, issue to members or a group, and the usage report. Reads need marketing.read,
 * writes marketing.edit; every write is audited.
 */
export function couponAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const read = { config: { access: 'marketing.read' } } as const;
  const edit = { config: { access: 'marketing.edit' } } as const;
  const idOf = (params: unknown) => parse(idParamSchema, params).id;

  app.get('/coupons', read, async (req) => {
    return ok(await listCouponTemplates(db, parse(couponAdminListSchema, req.query), ctx.now()));
  });

  app.get('/coupons/:id', read, async (req) => {
    return ok(couponAdminView(await couponTemplateById(db, idOf(req.params)), ctx.now()));
  });

  app.post('/coupons', edit, async (req) => {
    const input = parse(couponCreateSchema, req.body);
    const now = ctx.now();
    const id = await createCouponFromInput(db, input, await requireOperator(req), now);
    const view = couponAdminView(await couponTemplateById(db, id), now);
    audit(req, {
      action: 'coupon.create',
      entity: 'coupon',
      entityId: id,
      summary: `新建优惠券 ${view.name}`,
      after: view,
    });
    return ok(view, '已创建');
  });

  app.post('/coupons/:id', edit, async (req) => {
    const id = idOf(req.params);
    const input = parse(couponEditSchema, req.body);
    const now = ctx.now();
    const { before, after } = await editCouponTemplate(db, id, input, now);
    const view = couponAdminView(after, now);
    audit(req, {
      action: 'coupon.update',
      entity: 'coupon',
      entityId: id,
      summary: `修改优惠券 ${after.name}`,
      before: couponAdminView(before, now),
      after: view,
    });
    return ok(view, '已保存');
  });

  for (const [path, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(`/coupons/:id/${path}`, edit, async (req) => {
      const id = idOf(req.params);
      const now = ctx.now();
      const { before, after } = await setCouponPublished(db, id, published);
      audit(req, {
        action: `coupon.${path}`,
        entity: 'coupon',
        entityId: id,
        summary: `${published ? '发布' : '下架'}优惠券 ${after.name}`,
        before: { published: before.published },
        after: { published: after.published },
      });
      return ok(couponAdminView(after, now), published ? '已发布' : '已下架');
    });
  }

  app.post('/coupons/:id/issue', edit, async (req) => {
    const id = idOf(req.params);
    const input = parse(couponIssueSchema, req.body);
    const t = await couponTemplateById(db, id);
    const memberIds = input.member_ids ?? (await groupMembers(db, input.group ?? {}));
    const result = await issueCoupons(db, id, memberIds, ctx.now());
    const to = input.member_ids
      ? `${input.member_ids.length} 位会员`
      : `会员分组（${[input.group?.company_type, input.group?.region].filter(Boolean).join('，') || '全部已审核会员'}）`;
    audit(req, {
      action: 'coupon.issue',
      entity: 'coupon',
      entityId: id,
      summary: `发放优惠券 ${t.name} 给${to}：发放 ${result.issued} 张，跳过 ${result.skipped} 位`,
      after: { issued: result.issued, skipped: result.skipped, group: input.group ?? null },
    });
    return ok(result, `已发放${result.issued}张`);
  });

  app.get('/coupons/:id/usage', read, async (req) => {
    const id = idOf(req.params);
    return ok(await couponUsage(db, id, parse(pageQuerySchema, req.query), ctx.now()));
  });
}
