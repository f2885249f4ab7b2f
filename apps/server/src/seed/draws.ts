import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { members } from '../modules/account/schema.js';
import { saveMedia } from '../modules/content/media.js';
import { bannerSvg } from '../modules/content/images.js';
import { createDraw, createPrize } from '../modules/promotion/draw-admin.js';
import { createCouponTemplate } from '../modules/promotion/service.js';

const DAY = 86_400_000;

/**
 * A running prize draw the demo member has not joined (the storefront's pop-up offers it), with
 * a prize of each kind, created through the operator's services. Odds per 10,000; the rest of
 * the range (6,600) lands on 谢谢参与.
 */
export async function seedDraws(db: Db, now: Date): Promise<void> {
  const [demo] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo'));
  if (!demo) return;
  const image = await saveMedia(db, {
    contentType: 'image/svg+xml',
    name: 'draw-lucky.svg',
    body: bannerSvg({
      width: 600,
      height: 300,
      palette: 'red',
      title: '幸运大抽奖',
      subtitle: '百分百有机会赢好礼',
    }),
  });
  const drawId = await createDraw(
    db,
    {
      name: '幸运大抽奖',
      description:
        '活动期间每位会员可抽奖一次，奖品含优惠券、积分、余额和实物礼品。实物奖品将在7个工作日内发出。',
      image,
      starts_at: new Date(now.getTime() - DAY),
      ends_at: new Date(now.getTime() + 30 * DAY),
      enabled: true,
    },
    now,
  );
  const coupon = await createCouponTemplate(db, {
    name: '抽奖专享满300减30',
    kind: 'manjian',
    threshold: 30_000,
    amount: 3_000,
    validFrom: new Date(now.getTime() - DAY),
    validTo: new Date(now.getTime() + 60 * DAY),
  });
  const base = { image: '', value: 0, amount: 0, coupon_template_id: undefined, sort: 0 };
  const prizes = [
    {
      ...base,
      name: '满300减30优惠券',
      kind: 'coupon',
      coupon_template_id: coupon,
      odds: 800,
      stock: 100,
      sort: 1,
    },
    { ...base, name: '200积分', kind: 'points', value: 200, odds: 2_000, stock: 500, sort: 2 },
    { ...base, name: '10元余额', kind: 'balance', amount: 1_000, odds: 500, stock: 50, sort: 3 },
    { ...base, name: '电子血压计', kind: 'goods', odds: 100, stock: 5, sort: 4 },
    { ...base, name: '谢谢参与', kind: 'none', odds: 6_600, stock: 0, sort: 5 },
  ] as const;
  for (const p of prizes) await createPrize(db, drawId, p);
}
