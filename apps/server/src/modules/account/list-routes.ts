import type { FastifyInstance } from 'fastify';
import {
  addressSchema,
  idParamSchema,
  messageListQuerySchema,
  messageSettingsSchema,
  messageReadSchema,
} from '@kc/domain';
import { requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './addresses.js';
import { listMessages, markRead, messageSettings, saveMessageSettings, unreadByKind } from './messages.js';

/** Delivery addresses (/addr) and messages (/wdxx): always the session member's own rows. */
export function listRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/user/address', async (req) => ok(await listAddresses(db, await requireMember(req))));
  app.post('/api/user/address', async (req) => {
    const memberId = await requireMember(req);
    return ok(await createAddress(db, memberId, parse(addressSchema, req.body)), '地址已添加');
  });
  app.post('/api/user/address/:id', async (req) => {
    const memberId = await requireMember(req);
    const { id } = parse(idParamSchema, req.params);
    return ok(await updateAddress(db, memberId, id, parse(addressSchema, req.body)), '地址已保存');
  });
  app.post('/api/user/address/:id/default', async (req) => {
    const memberId = await requireMember(req);
    return ok(await setDefaultAddress(db, memberId, parse(idParamSchema, req.params).id), '已设为默认地址');
  });
  app.delete('/api/user/address/:id', async (req) => {
    const memberId = await requireMember(req);
    await deleteAddress(db, memberId, parse(idParamSchema, req.params).id);
    return ok(null, '地址已删除');
  });

  app.get('/api/user/message', async (req) => {
    const memberId = await requireMember(req);
    return ok(await listMessages(db, memberId, parse(messageListQuerySchema, req.query)));
  });
  app.get('/api/user/message/unread', async (req) => ok(await unreadByKind(db, await requireMember(req))));
  app.get('/api/user/message/settings', async (req) =>
    ok(await messageSettings(db, await requireMember(req))),
  );
  app.post('/api/user/message/settings', async (req) => {
    const memberId = await requireMember(req);
    const { muted } = parse(messageSettingsSchema, req.body);
    return ok(await saveMessageSettings(db, memberId, muted, ctx.now()), '消息设置已保存');
  });
  app.post('/api/user/message/read', async (req) => {
    const memberId = await requireMember(req);
    const body = parse(messageReadSchema, req.body);
    if (body.all !== 1 && !body.ids?.length) throw invalid('ids', '请选择要标记的消息');
    return ok({ count: await markRead(db, memberId, body.all === 1 ? 'all' : (body.ids ?? [])) });
  });
}
