import { eq } from 'drizzle-orm';
import type { PointsGoodsInput } from '@kc/domain';
import type { Db } from '../platform/db.js';
import { memberAddresses, members } from '../modules/account/schema.js';
import { escapeXml } from '../modules/content/images.js';
import { saveMedia } from '../modules/content/media.js';
import { lockPointsOrder, shipPointsOrder } from '../modules/order/points-order.js';
import { createGift } from '../modules/promotion/points-mall.js';
import { redeem } from '../flows/points/redeem.js';

const DAY = 86_400_000;
const FONT = `'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Zen Hei',sans-serif`;

/** A 400×400 gift picture: a ribboned box in the gift's colour with its name below. */
function giftSvg(name: string, colour: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">`,
    `<rect width="400" height="400" fill="#fff7f0"/>`,
    `<rect x="110" y="120" width="180" height="150" rx="10" fill="${colour}"/>`,
    `<rect x="96" y="96" width="208" height="44" rx="8" fill="${colour}" opacity="0.85"/>`,
    `<rect x="188" y="96" width="24" height="174" fill="#ffd54a"/>`,
    `<path d="M200 96 C170 60 140 70 160 96 Z M200 96 C230 60 260 70 240 96 Z" fill="#ffd54a"/>`,
    `<text x="200" y="330" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="#333">${escapeXml(name)}</text>`,
    `<text x="200" y="368" text-anchor="middle" font-family="${FONT}" font-size="18" fill="#e4393c">积分兑换</text>`,
    '</svg>',
  ].join('');
}

type Gift = Omit<PointsGoodsInput, 'image' | 'on_sale' | 'goods_id'> & { colour: string; label: string };

/** The mall's gifts: some the demo member's points cover (they hold about 840), some not. */
const GIFTS: Gift[] = [
  {
    name: '医用外科口罩（50只/盒）',
    label: '医用口罩',
    colour: '#3d8bfd',
    points: 200,
    stock: 500,
    per_member: 5,
    sort: 80,
    description: '一次性使用医用外科口罩，三层防护，独立包装。',
  },
  {
    name: '免洗手消毒凝胶 500ml',
    label: '洗手凝胶',
    colour: '#20c997',
    points: 300,
    stock: 200,
    per_member: 3,
    sort: 75,
    description: '75%乙醇配方，快速干爽，门店常备。',
  },
  {
    name: '话费充值券 10元',
    label: '话费券',
    colour: '#fd7e14',
    points: 500,
    stock: 1000,
    per_member: 2,
    sort: 70,
    description: '兑换后3个工作日内充值到账，限中国大陆手机号。',
  },
  {
    name: '电子体温计',
    label: '体温计',
    colour: '#6f42c1',
    points: 600,
    stock: 8,
    per_member: 1,
    sort: 65,
    description: '软头测温，约60秒出结果，带记忆功能。',
  },
  {
    name: '定制家庭药箱',
    label: '定制药箱',
    colour: '#d63384',
    points: 1200,
    stock: 60,
    per_member: 1,
    sort: 60,
    description: '康采医药网定制款，双层分格，可手提。',
  },
  {
    name: '不锈钢保温杯 500ml',
    label: '保温杯',
    colour: '#0dcaf0',
    points: 1500,
    stock: 40,
    per_member: 2,
    sort: 55,
    description: '316不锈钢内胆，12小时保温。',
  },
  {
    name: '上臂式电子血压计',
    label: '血压计',
    colour: '#dc3545',
    points: 3000,
    stock: 15,
    per_member: 1,
    sort: 50,
    description: '一键测量，大屏显示，双人记忆。',
  },
  {
    name: '智能电饭煲 3L',
    label: '电饭煲',
    colour: '#198754',
    points: 8000,
    stock: 0,
    per_member: 1,
    sort: 40,
    description: '本期已兑完，敬请期待补货。',
  },
];

/**
 * The points mall's demo data through the same services as an operator's: eight gifts with
 * stock (one sold out), and the demo member's redemption of a box of masks, already shipped,
 * so /jfsc and /jfdd both show something real. Runs after the wallet gave demo its points.
 */
export async function seedPointsMall(db: Db, now: Date): Promise<void> {
  const ids: number[] = [];
  for (const g of GIFTS) {
    const { colour, label, ...input } = g;
    const image = await saveMedia(db, {
      contentType: 'image/svg+xml',
      body: giftSvg(label, colour),
      name: `gift-${label}.svg`,
    });
    ids.push((await createGift(db, { ...input, image, on_sale: true, goods_id: 0 }, now)).id);
  }
  const [demo] = await db
    .select({ id: members.id, points: members.points, addressId: memberAddresses.id })
    .from(members)
    .innerJoin(memberAddresses, eq(memberAddresses.memberId, members.id))
    .where(eq(members.username, 'demo'))
    .limit(1);
  if (!demo || demo.points < GIFTS[0]!.points) return;
  const placed = new Date(now.getTime() - 3 * DAY);
  const r = await redeem(
    db,
    demo.id,
    { goods_id: ids[0]!, number: 1, address_id: demo.addressId, idempotency_key: 'seed-points-mall-1' },
    placed,
  );
  await db.transaction(async (tx) =>
    shipPointsOrder(
      tx,
      await lockPointsOrder(tx, r.order_id),
      '顺丰速运',
      'SF1406273318',
      new Date(placed.getTime() + DAY),
    ),
  );
}
