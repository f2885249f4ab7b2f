import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminMemberListQuerySchema,
  disableMemberSchema,
  editDocumentSchema,
  idParamSchema,
  licenceExpiringQuerySchema,
  rejectSchema,
  setLicencesSchema,
  setRankSchema,
  setScopeSchema,
  setStaffSchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { documentFile, editDocument } from './documents.js';
import { licenceBoard } from './licences.js';
import {
  listMembers,
  listStaff,
  memberDetail,
  memberSnapshot,
  setDisabled,
  setLicences,
  setRank,
  setScope,
  setServiceStaff,
} from './member-admin.js';
import { postMessage } from './messages.js';
import { REVIEW_SMS, approveMember, rejectMember, reviewDocument, smsMember } from './review.js';

/** An inline `content-disposition` with the file's own (possibly Chinese) name. */
const inline = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'document';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name || 'document')}`;
};

/**
 * The member back office (docs/api/admin-members.md): the member list and detail, review with
 * message and SMS, scope, licence numbers and documents, rank, customer-service admin, disable,
 * and the licence-expiry board. Registered inside the admin plugin under `/api/admin`; every
 * write tells the audit log what it changed.
 */
export function memberAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const id = (params: unknown) => parse(idParamSchema, params).id;
  const detail = (memberId: number) => memberDetail(db, memberId, ctx.now());
  const read = { config: { access: 'member.read' } } as const;
  const review = { config: { access: 'member.review' } } as const;
  const edit = { config: { access: 'member.edit' } } as const;
  const disable = { config: { access: 'member.disable' } } as const;

  /** Runs a member write between two snapshots and records them; replies with the detail. */
  const memberWrite = async (
    req: FastifyRequest,
    action: string,
    summary: (company: string) => string,
    write: (memberId: number) => Promise<unknown>,
  ) => {
    const memberId = id(req.params);
    const before = await memberSnapshot(db, memberId);
    await write(memberId);
    const after = await memberSnapshot(db, memberId);
    audit(req, {
      action,
      entity: 'member',
      entityId: memberId,
      summary: summary(before.company),
      before,
      after,
    });
    return detail(memberId);
  };
  // The member is told by SMS after the decision committed; a gateway failure does not undo it.
  const text = async (req: FastifyRequest, memberId: number, content: string) => {
    try {
      await smsMember(db, ctx.providers.sms, memberId, content);
    } catch (err) {
      req.log.warn({ err, memberId }, 'review SMS not sent');
    }
  };

  app.get('/members', read, async (req) =>
    ok(await listMembers(db, parse(adminMemberListQuerySchema, req.query))),
  );
  app.get('/members/:id', read, async (req) => ok(await detail(id(req.params))));
  app.get('/service_staff', read, async () => ok(await listStaff(db)));
  app.get('/licences/expiring', read, async (req) =>
    ok(await licenceBoard(db, parse(licenceExpiringQuerySchema, req.query), ctx.now())),
  );
  app.get('/documents/:id/file', read, async (req, reply) => {
    const f = await documentFile(db, null, id(req.params));
    return (
      reply
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        // The back office shows the file in a frame of its own page (every other reply: no frame).
        .header('content-security-policy', "frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-disposition', inline(f.name))
        .type(f.mime)
        .send(f.body)
    );
  });

  app.post('/members/:id/approve', review, async (req) => {
    const d = await memberWrite(
      req,
      'member.approve',
      (c) => `审核通过会员 ${c}`,
      (m) => approveMember(db, m, ctx.now()),
    );
    await text(req, d.id, REVIEW_SMS.approved);
    return ok(d, '已审核通过');
  });
  app.post('/members/:id/reject', review, async (req) => {
    const { reason } = parse(rejectSchema, req.body);
    const d = await memberWrite(
      req,
      'member.reject',
      (c) => `驳回会员 ${c}：${reason}`,
      (m) => rejectMember(db, m, reason, ctx.now()),
    );
    await text(req, d.id, REVIEW_SMS.rejected(reason));
    return ok(d, '已驳回');
  });
  // The business scope and licence numbers are what the reviewer checks against the licences.
  app.post('/members/:id/scope', review, async (req) => {
    const { scope } = parse(setScopeSchema, req.body);
    const d = await memberWrite(
      req,
      'member.scope',
      (c) => `修改会员 ${c} 经营范围`,
      (m) => setScope(db, m, scope, ctx.now()),
    );
    return ok(d, '经营范围已更新');
  });
  app.post('/members/:id/licences', review, async (req) => {
    const input = parse(setLicencesSchema, req.body);
    const d = await memberWrite(
      req,
      'member.licences',
      (c) => `修改会员 ${c} 证照编号`,
      (m) => setLicences(db, m, input, ctx.now()),
    );
    return ok(d, '证照编号已更新');
  });

  app.post('/documents/:id', review, async (req) => {
    const docId = id(req.params);
    const { before, after } = await editDocument(db, docId, parse(editDocumentSchema, req.body));
    audit(req, {
      action: 'member.document.edit',
      entity: 'member',
      entityId: after.member_id,
      summary: `修改证件 ${docId}（${after.number}）编号与有效期`,
      before,
      after,
    });
    return ok(await detail(after.member_id), '证件信息已更新');
  });
  app.post('/documents/:id/approve', review, async (req) => {
    const docId = id(req.params);
    const d = await reviewDocument(db, docId, { approve: true }, ctx.now());
    audit(req, {
      action: 'member.document.approve',
      entity: 'member',
      entityId: d.memberId,
      summary: `审核通过证件 ${docId}（${d.number}）`,
      before: { document_id: docId, status: 'pending' },
      after: { document_id: docId, status: 'approved' },
    });
    return ok(null, '证件已审核通过');
  });
  app.post('/documents/:id/reject', review, async (req) => {
    const docId = id(req.params);
    const { reason } = parse(rejectSchema, req.body);
    const d = await reviewDocument(db, docId, { approve: false, reason }, ctx.now());
    audit(req, {
      action: 'member.document.reject',
      entity: 'member',
      entityId: d.memberId,
      summary: `驳回证件 ${docId}（${d.number}）：${reason}`,
      before: { document_id: docId, status: 'pending' },
      after: { document_id: docId, status: 'rejected', reject_reason: reason },
    });
    return ok(null, '证件已驳回');
  });

  app.post('/members/:id/rank', edit, async (req) => {
    const { rank } = parse(setRankSchema, req.body);
    const d = await memberWrite(
      req,
      'member.rank',
      (c) => `修改会员 ${c} 等级为 ${rank}`,
      (m) => setRank(db, m, rank, ctx.now()),
    );
    return ok(d, '等级已更新');
  });
  app.post('/members/:id/service_staff', edit, async (req) => {
    const { staff_id } = parse(setStaffSchema, req.body);
    const d = await memberWrite(
      req,
      'member.service_staff',
      (c) => `修改会员 ${c} 专属客服`,
      (m) => setServiceStaff(db, m, staff_id || null, ctx.now()),
    );
    return ok(d, '专属客服已更新');
  });

  app.post('/members/:id/disable', disable, async (req) => {
    const { reason } = parse(disableMemberSchema, req.body);
    const d = await memberWrite(
      req,
      'member.disable',
      (c) => `停用会员 ${c}：${reason}`,
      async (m) => {
        await setDisabled(db, m, true, ctx.now(), ctx.sessionCache);
        await postMessage(
          db,
          m,
          'system',
          '账号已停用',
          `您的账号已停用，原因：${reason}。如有疑问请联系客服。`,
          ctx.now(),
        );
      },
    );
    return ok(d, '账号已停用');
  });
  app.post('/members/:id/enable', disable, async (req) => {
    const d = await memberWrite(
      req,
      'member.enable',
      (c) => `启用会员 ${c}`,
      async (m) => {
        await setDisabled(db, m, false, ctx.now(), ctx.sessionCache);
        await postMessage(db, m, 'system', '账号已启用', '您的账号已重新启用，欢迎回来。', ctx.now());
      },
    );
    return ok(d, '账号已启用');
  });
}
