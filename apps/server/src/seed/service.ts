import { and, asc, eq, like } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { members, operators } from '../modules/account/schema.js';
import { goods } from '../modules/catalog/schema.js';
import { answerBuyRequest, createBuyRequest } from '../modules/engagement/buy-requests.js';
import { createFeedback, replyFeedback } from '../modules/engagement/feedback.js';
import { applyToJoin } from '../modules/engagement/join-applications.js';

const HOUR = 3_600_000;

/**
 * The demo member's service history, through the same services as the calls: a variety
 * request sourced and linked to a listed goods, one still open, a feedback with the 客服's
 * reply (so /pzqg, /pzqg/info and /yjfk show something real), and a pending franchise
 * application for the back office.
 */
export async function seedService(db: Db, now: Date): Promise<void> {
  const [demo] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo'));
  const [kefu] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, 'kefu'));
  if (!demo || !kefu) return;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const [listed] = await db
    .select({ id: goods.id, name: goods.name, ypgg: goods.ypgg, sccj: goods.sccj })
    .from(goods)
    .where(and(like(goods.name, '阿奇霉素%'), eq(goods.onShelf, true)))
    .orderBy(asc(goods.id))
    .limit(1);

  if (listed) {
    const sourced = await createBuyRequest(
      db,
      demo.id,
      {
        name: listed.name,
        ypgg: listed.ypgg,
        sccj: listed.sccj,
        number: 50,
        approval_no: '',
        remark: '门店常用，希望长期供货',
      },
      at(72),
    );
    await answerBuyRequest(
      db,
      sourced.id,
      kefu.id,
      { result: 'sourced', goods_id: listed.id, reply: '已与厂家签约，长期稳定供货' },
      at(48),
    );
  }
  await createBuyRequest(
    db,
    demo.id,
    {
      name: '达格列净片',
      ypgg: '10mg*14片',
      sccj: '阿斯利康制药有限公司',
      number: 20,
      approval_no: '国药准字J20170040',
      remark: '慢病患者长期用药',
    },
    at(6),
  );

  const feedback = await createFeedback(
    db,
    demo.id,
    { type: 3, content: '上周的订单物流信息两天没有更新，希望能及时同步快递单号。', contact: '13800138000' },
    [],
    at(30),
  );
  await replyFeedback(
    db,
    feedback.id,
    kefu.id,
    '您好，已核实是承运商系统延迟，现已补录单号并督促加快更新，给您带来不便深表歉意。',
    at(26),
  );
  await createFeedback(
    db,
    demo.id,
    { type: 1, content: '建议在快捷采购页面增加按批准文号批量导入的功能。', contact: '' },
    [],
    at(2),
  );

  await applyToJoin(
    db,
    null,
    {
      company: '惠民大药房（滨江店）',
      name: '周强',
      phone: '13757112345',
      region: '浙江省杭州市滨江区',
      remark: '现有门店3家，意向加盟品种',
    },
    at(10),
  );
}
