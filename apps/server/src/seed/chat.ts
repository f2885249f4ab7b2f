import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { members, operators } from '../modules/account/schema.js';
import { markRead, memberConversation, sendText } from '../modules/chat/service.js';

const MINUTE = 60_000;

/**
 * The demo pharmacy's chat with its 客服 (issue 14 §10), through the chat service: a question
 * about an order's delivery answered by `kefu`, and a last question the 客服 has not read yet,
 * so the console opens on an unread conversation and the member's page on a real history.
 */
export async function seedChat(db: Db, now: Date): Promise<void> {
  const [demo] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo'));
  const [kefu] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, 'kefu'));
  if (!demo || !kefu) return;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const conversationId = await memberConversation(db, demo.id, at(180));
  const lines: ['member' | 'service', string, number][] = [
    ['member', '您好，我们上周下的订单什么时候能发货？', 180],
    [
      'service',
      '您好，王老板！已帮您查询，订单已分配批号，今天下午由仓库发出，发货后会短信通知您物流单号。',
      176,
    ],
    ['member', '好的，谢谢。另外阿莫西林胶囊近期还有大包装的吗？', 170],
    ['service', '有的，0.25g*50粒的中包装现货充足，效期到2028年，可以在商品详情页直接下单。', 165],
    ['member', '收到，我们下单前再联系您。', 160],
  ];
  for (const [sender, content, ago] of lines) {
    await sendText(
      db,
      { conversationId, sender, operatorId: sender === 'service' ? kefu.id : null, content },
      at(ago),
    );
    await markRead(db, conversationId, sender === 'member' ? 'service' : 'member');
  }
  await sendText(
    db,
    { conversationId, sender: 'member', operatorId: null, content: '请问本月满减活动可以和优惠券一起用吗？' },
    at(5),
  );
}
