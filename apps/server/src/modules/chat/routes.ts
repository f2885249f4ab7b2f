import type { FastifyInstance } from 'fastify';
import { CHAT, CHAT_IMAGE_REFUSALS, chatHistorySchema, chatSendSchema, idParamSchema } from '@kc/domain';
import { requireMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden, invalid } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import { LIMITS, enforce } from '../../platform/limits.js';
import { liveSessionIds } from '../account/sessions.js';
import { limitUploads, receiveUpload, type UploadCall } from '../account/uploads.js';
import { ChatHub, sameOrigin } from './hub.js';
import {
  chatImage,
  forAudience,
  history,
  markRead,
  memberConversation,
  memberSession,
  sendImage,
  sendText,
} from './service.js';

const hubs = new WeakMap<AppContext, ChatHub>();

/** The instance's chat hub: one per app, closed with it. */
export function hubOf(app: FastifyInstance, ctx: AppContext): ChatHub {
  let hub = hubs.get(ctx);
  if (!hub) {
    const { db } = ctx.database;
    const made = new ChatHub(ctx.bus, app.log, (ids) => liveSessionIds(db, ids, ctx.now()));
    hubs.set(ctx, made);
    app.addHook('onClose', async () => made.close());
    hub = made;
  }
  return hub;
}

/** One image per call, JPG or PNG, in the field `image` (CHAT.image). */
export const CHAT_IMAGE_UPLOAD: UploadCall = {
  field: CHAT.image.field,
  maxFiles: 1,
  maxFields: 0,
  types: CHAT.image.types,
  message: (why) => CHAT_IMAGE_REFUSALS[why],
};

/** Messages a member or an operator may send a minute (against a stuck key or a script). */
export const sendLimit = (limits: AppContext['limits'], who: string) =>
  enforce(limits, `chat:${who}`, LIMITS.chatSend, '发送过于频繁，请稍后再试');

/**
 * The member's side of the chat (docs/api.md "Customer-service chat"): their own conversation
 * only (it is found by the session, never by an id they send), refused with 403 when the
 * account has no chat.
 */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const hub = hubOf(app, ctx);

  app.get('/api/user/chat', async (req) => ok(await memberSession(db, await requireMember(req), ctx.now())));

  app.get('/api/user/chat/messages', async (req) => {
    const memberId = await requireMember(req);
    const q = parse(chatHistorySchema, req.query);
    const id = await memberConversation(db, memberId, ctx.now());
    return ok(await history(db, id, q, 'member'));
  });

  app.post('/api/user/chat/messages', async (req) => {
    const memberId = await requireMember(req);
    const { content } = parse(chatSendSchema, req.body);
    const conversationId = await memberConversation(db, memberId, ctx.now());
    await sendLimit(ctx.limits, `member:${memberId}`);
    const d = await sendText(db, { conversationId, sender: 'member', operatorId: null, content }, ctx.now());
    hub.announce({ memberId: d.memberId, owner: d.owner, event: { type: 'message', message: d.message } });
    return ok(d.message);
  });

  app.post('/api/user/chat/images', { config: { upload: true } }, async (req) => {
    const memberId = await requireMember(req);
    const conversationId = await memberConversation(db, memberId, ctx.now());
    await limitUploads(ctx.limits, memberId);
    const { files } = await receiveUpload(req, CHAT_IMAGE_UPLOAD);
    const file = files[0];
    if (!file) throw invalid(CHAT.image.field, '请选择图片');
    const m = { conversationId, sender: 'member' as const, operatorId: null, content: '' };
    const d = await sendImage(db, m, file, memberId, ctx.now());
    hub.announce({ memberId: d.memberId, owner: d.owner, event: { type: 'message', message: d.message } });
    return ok(forAudience(d.message, 'member'));
  });

  app.post('/api/user/chat/read', async (req) => {
    const memberId = await requireMember(req);
    const conversationId = await memberConversation(db, memberId, ctx.now());
    const r = await markRead(db, conversationId, 'member');
    if (r.changed)
      hub.announce({
        memberId,
        owner: r.owner,
        event: { type: 'read', conversation_id: conversationId, by: 'member' },
      });
    return ok({ unread: 0 });
  });

  app.get('/api/user/chat/images/:id', async (req, reply) => {
    const memberId = await requireMember(req);
    const f = await chatImage(db, parse(idParamSchema, req.params).id, { memberId });
    return reply.type(f.mime).header('cache-control', 'private, max-age=86400').send(f.body);
  });

  // Refused before the upgrade (fastify answers a hook's error as HTTP): no session 401, another
  // site's page or an account without chat 403. The handler then only registers the socket.
  const members = new WeakMap<object, { memberId: number; sessionId: string }>();
  app.get(
    CHAT.memberSocket,
    {
      websocket: true,
      preValidation: async (req) => {
        if (!sameOrigin(req)) throw forbidden('来源不被允许');
        const memberId = await requireMember(req);
        await memberConversation(db, memberId, ctx.now());
        members.set(req, { memberId, sessionId: (await req.session())!.id });
      },
    },
    (socket, req) => {
      const m = members.get(req)!;
      hub.addMember(m.memberId, socket, m.sessionId);
    },
  );
}
