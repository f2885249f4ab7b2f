import type { FastifyInstance } from 'fastify';
import {
  CHAT,
  chatConversationListSchema,
  chatHistorySchema,
  chatSendSchema,
  idParamSchema,
} from '@kc/domain';
import { audit } from '../../platform/audit.js';
import { requireOperator } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden, invalid } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { receiveUpload } from '../account/uploads.js';
import { sameOrigin } from './hub.js';
import { CHAT_IMAGE_UPLOAD, hubOf, sendLimit } from './routes.js';
import {
  chatImage,
  conversationFor,
  forAudience,
  history,
  listConversations,
  markRead,
  memberOrders,
  sendImage,
  sendText,
  unreadFor,
  viewerOf,
  type ChatViewer,
} from './service.js';

/**
 * The 客服's console under `/api/admin` (permission chat.serve: 客服 and 管理员). A 客服 works
 * the conversations of the members assigned to them and of members nobody is assigned to; a
 * 管理员 sees all. Every call on a conversation checks that scope first (404 outside it).
 */
export function chatAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const hub = hubOf(app, ctx);
  const serve = { config: { access: 'chat.serve' } } as const;
  const viewer = async (req: Parameters<typeof requireOperator>[0]) =>
    viewerOf(db, await requireOperator(req));
  const opened = async (req: Parameters<typeof requireOperator>[0]) => {
    const v = await viewer(req);
    return { viewer: v, conversation: await conversationFor(db, v, parse(idParamSchema, req.params).id) };
  };

  app.get('/chat/conversations', serve, async (req) =>
    ok(await listConversations(db, await viewer(req), parse(chatConversationListSchema, req.query))),
  );

  app.get('/chat/unread', serve, async (req) => ok({ unread: await unreadFor(db, await viewer(req)) }));

  app.get('/chat/conversations/:id', serve, async (req) => ok((await opened(req)).conversation));

  app.get('/chat/conversations/:id/messages', serve, async (req) => {
    const { conversation } = await opened(req);
    return ok(await history(db, conversation.id, parse(chatHistorySchema, req.query), 'operator'));
  });

  app.get('/chat/conversations/:id/orders', serve, async (req) => {
    const { conversation } = await opened(req);
    return ok(await memberOrders(db, conversation.member.id));
  });

  app.post('/chat/conversations/:id/messages', serve, async (req) => {
    const { viewer: v, conversation } = await opened(req);
    const { content } = parse(chatSendSchema, req.body);
    await sendLimit(ctx.limits, `operator:${v.id}`);
    const m = { conversationId: conversation.id, sender: 'service' as const, operatorId: v.id, content };
    const d = await sendText(db, m, ctx.now());
    hub.announce({ memberId: d.memberId, owner: d.owner, event: { type: 'message', message: d.message } });
    audit(req, {
      action: 'chat.send',
      entity: 'chat_conversation',
      entityId: conversation.id,
      summary: `回复 ${conversation.member.company}`,
    });
    return ok(forAudience(d.message, 'operator'));
  });

  app.post(
    '/chat/conversations/:id/images',
    { config: { access: 'chat.serve', upload: true } },
    async (req) => {
      const { viewer: v, conversation } = await opened(req);
      await sendLimit(ctx.limits, `operator:${v.id}`);
      const { files } = await receiveUpload(req, CHAT_IMAGE_UPLOAD);
      const file = files[0];
      if (!file) throw invalid(CHAT.image.field, '请选择图片');
      const m = {
        conversationId: conversation.id,
        sender: 'service' as const,
        operatorId: v.id,
        content: '',
      };
      const d = await sendImage(db, m, file, null, ctx.now());
      hub.announce({ memberId: d.memberId, owner: d.owner, event: { type: 'message', message: d.message } });
      audit(req, {
        action: 'chat.image',
        entity: 'chat_conversation',
        entityId: conversation.id,
        summary: `向 ${conversation.member.company} 发送图片`,
      });
      return ok(forAudience(d.message, 'operator'));
    },
  );

  app.post('/chat/conversations/:id/read', serve, async (req) => {
    const { conversation } = await opened(req);
    const r = await markRead(db, conversation.id, 'service');
    if (r.changed)
      hub.announce({
        memberId: r.memberId,
        owner: r.owner,
        event: { type: 'read', conversation_id: conversation.id, by: 'service' },
      });
    return ok({ unread: 0 });
  });

  app.get('/chat/images/:id', serve, async (req, reply) => {
    const f = await chatImage(db, parse(idParamSchema, req.params).id, { viewer: await viewer(req) });
    return reply.type(f.mime).header('cache-control', 'private, max-age=86400').send(f.body);
  });

  // The admin plugin's access hook has checked the operator and chat.serve before this one.
  const viewers = new WeakMap<object, { viewer: ChatViewer; sessionId: string }>();
  app.get(
    CHAT.operatorSocket.replace(/^\/api\/admin/, ''),
    {
      ...serve,
      websocket: true,
      preValidation: async (req) => {
        if (!sameOrigin(req)) throw forbidden('来源不被允许');
        viewers.set(req, { viewer: await viewer(req), sessionId: (await req.session())!.id });
      },
    },
    (socket, req) => {
      const v = viewers.get(req)!;
      hub.addOperator(v.viewer, socket, v.sessionId);
    },
  );
}
