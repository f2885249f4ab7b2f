import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contractSignSchema,
  idParamSchema,
  mobileSchema,
  switchStoreSchema,
  wechatCodeSchema,
  type WechatAuthorizeView,
} from '@kc/domain';
import crypto from 'node:crypto';
import { requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { getContract, signContract } from './contract.js';
import {
  DOCUMENT_UPLOAD,
  documentFieldsSchema,
  documentFile,
  listDocuments,
  uploadDocument,
} from './documents.js';
import { limitUploads, receiveUpload } from './uploads.js';
import { assertSameOwner, businessScope, storesOfPhone } from './profile.js';
import type { Providers } from '../../providers/index.js';
import { createSession } from './sessions.js';
import { issueSession, meta, type ProfileReader } from './route-helpers.js';
import { bindWechat, unbindWechat } from './wechat/service.js';

const phoneParam = z.object({ phone: mobileSchema });
const authorizeQuery = z.object({
  purpose: z.enum(['bind', 'login', 'register']).default('bind'),
  dev_user: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});

/** The account centre (/zhzx) calls; the member centre summary is flows/member's. */
export function centerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  providers: Providers,
  profile: ProfileReader,
): void {
  const { db } = ctx.database;

  app.get('/api/user/zizhi', async (req) => ok(await listDocuments(db, await requireMember(req), ctx.now())));

  app.post('/api/user/zizhi', { config: { upload: true } }, async (req) => {
    const memberId = await requireMember(req);
    await limitUploads(ctx.limits, memberId);
    const { fields, files } = await receiveUpload(req, DOCUMENT_UPLOAD);
    const doc = await uploadDocument(db, memberId, parse(documentFieldsSchema, fields), files[0], ctx.now());
    return ok(doc, '证件已上传，等待审核');
  });

  app.get('/api/user/zizhi/:id/file', async (req, reply) => {
    const memberId = await requireMember(req);
    const { id } = parse(idParamSchema, req.params);
    const f = await documentFile(db, memberId, id);
    return reply
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .type(f.mime)
      .send(f.body);
  });

  app.get('/api/user/jyfw', async (req) => ok(await businessScope(db, await requireMember(req))));

  app.get('/api/user/phone/:phone', async (req) => {
    const memberId = await requireMember(req);
    return ok(await storesOfPhone(db, memberId, parse(phoneParam, req.params).phone));
  });

  app.post('/api/user/switch_store', async (req, reply) => {
    const memberId = await requireMember(req);
    const { id } = parse(switchStoreSchema, req.body);
    await assertSameOwner(db, memberId, id);
    const s = await createSession(db, { type: 'member', id }, meta(req), ctx.now());
    return ok(await issueSession(ctx, req, reply, s, profile), '已切换门店');
  });

  app.get('/api/user/contract', async (req) => ok(await getContract(db, await requireMember(req))));
  app.post('/api/user/contract/sign', async (req) => {
    const memberId = await requireMember(req);
    parse(contractSignSchema, req.body);
    return ok(await signContract(db, memberId, req.ip, ctx.now()), '电子合同签署成功');
  });

  app.get('/api/wechat/authorize', async (req) => {
    const q = parse(authorizeQuery, req.query);
    const state = crypto.randomBytes(12).toString('base64url');
    const data: WechatAuthorizeView = {
      url: providers.wechat.authorizeUrl(q.purpose, state, q.dev_user),
      state,
      provider: providers.wechat.name,
    };
    return ok(data);
  });
  app.post('/api/user/bind_wechat', async (req) => {
    const memberId = await requireMember(req);
    await bindWechat(db, providers.wechat, memberId, parse(wechatCodeSchema, req.body).code);
    return ok(null, '微信绑定成功');
  });
  app.delete('/api/user/unbind_wechat', async (req) => {
    await unbindWechat(db, await requireMember(req));
    return ok(null, '已解除绑定');
  });
}
