import type { FastifyInstance } from 'fastify';
import {
  auditQuerySchema,
  idParamSchema,
  operatorCreateSchema,
  operatorEditSchema,
  operatorListQuerySchema,
  operatorPasswordSchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { endOperatorSessions } from '../account/sessions.js';
import { searchAudit } from './audit-log.js';
import {
  createOperatorAccount,
  editOperator,
  getOperator,
  listOperators,
  resetOperatorPassword,
  setOperatorDisabled,
} from './operators.js';

/**
 * Operator accounts (管理员 only) and the audit log, under `/api/admin`
 * (docs/api/admin-operators.md). Every write tells the audit hook its before and after.
 */
export function operatorAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;
  const manage = { config: { access: 'operator.manage' } } as const;
  const label = (o: { username: string; name: string }) =>
    o.name ? `${o.name}（${o.username}）` : o.username;

  app.get('/operators', manage, async (req) =>
    ok(await listOperators(db, parse(operatorListQuerySchema, req.query))),
  );
  app.get('/operators/:id', manage, async (req) => ok(await getOperator(db, id(req.params))));

  app.post('/operators', manage, async (req) => {
    const o = await createOperatorAccount(db, parse(operatorCreateSchema, req.body), ctx.now());
    audit(req, {
      action: 'operator.create',
      entity: 'operator',
      entityId: o.id,
      summary: `新建运营人员 ${label(o)}，角色${o.role_text}`,
      after: o,
    });
    return ok(o, '已创建');
  });

  app.post('/operators/:id', manage, async (req) => {
    const { before, after } = await editOperator(db, id(req.params), parse(operatorEditSchema, req.body));
    audit(req, {
      action: 'operator.update',
      entity: 'operator',
      entityId: after.id,
      summary: `修改运营人员 ${label(after)}`,
      before,
      after,
    });
    return ok(after, '已保存');
  });

  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(`/operators/:id/${verb}`, manage, async (req) => {
      const actor = (await req.session())!.subjectId;
      const { before, after } = await setOperatorDisabled(db, id(req.params), disabled, actor, ctx.now());
      // sessions_valid_after ends them for the lookup; this drops the rows and cached copies too.
      if (disabled) await endOperatorSessions(db, after.id, ctx.sessionCache);
      audit(req, {
        action: `operator.${verb}`,
        entity: 'operator',
        entityId: after.id,
        summary: `${disabled ? '停用' : '启用'}运营人员 ${label(after)}`,
        before,
        after,
      });
      return ok(after, disabled ? '已停用' : '已启用');
    });
  }

  app.post('/operators/:id/password', manage, async (req) => {
    const { password } = parse(operatorPasswordSchema, req.body);
    const o = await resetOperatorPassword(db, id(req.params), password, ctx.now());
    await endOperatorSessions(db, o.id, ctx.sessionCache);
    // No before/after: the only thing that changed is the hash, which the log never holds.
    audit(req, {
      action: 'operator.password',
      entity: 'operator',
      entityId: o.id,
      summary: `重置 ${label(o)} 的密码`,
    });
    return ok(o, '密码已重置');
  });

  app.get('/audit', { config: { access: 'audit.read' } }, async (req) =>
    ok(await searchAudit(db, parse(auditQuerySchema, req.query))),
  );
}
