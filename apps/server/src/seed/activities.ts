import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { createActivity, createCombination } from '../modules/activity/service.js';
import { goods } from '../modules/catalog/schema.js';

const DAY = 24 * 3600_000;

/** Purchasable goods of a category name part, best sellers first (deterministic picks). */
async function pick(db: Db, namePart: string, n: number): Promise<{ id: number; price: number }[]> {
  return db
    .select({ id: goods.id, price: goods.price })
    .from(goods)
    .where(
      and(
        eq(goods.isBuy, true),
        eq(goods.type, 0),
        gt(goods.stock, 0),
        sql`${goods.name} like ${`%${namePart}%`}`,
      ),
    )
    .orderBy(desc(goods.sales), asc(goods.id))
    .limit(n);
}

/**
 * The demo promotions, through the activity services: the store-wide full-spend (满减) of the
 * /hb page, the 94折 of /welfare for 30 days, buy-and-get gifts on a few best sellers and two
 * combinations (组合购). Runs after the catalogue.
 */
export async function seedActivities(db: Db, now = new Date()): Promise<void> {
  const startsAt = new Date(now.getTime() - DAY);
  await createActivity(db, {
    kind: 'manjian',
    name: '全场满减：满500减20，满1000减50，满2000减120',
    url: '/hb',
    rules: {
      tiers: [
        { amount: 50_000, reduce: 2_000 },
        { amount: 100_000, reduce: 5_000 },
        { amount: 200_000, reduce: 12_000 },
      ],
    },
    startsAt,
    endsAt: new Date(now.getTime() + 90 * DAY),
  });
  await createActivity(db, {
    kind: 'discount',
    name: '全场94折',
    url: '/welfare',
    rules: { ratePerMille: 940, excludedGoodsIds: [] },
    startsAt,
    endsAt: new Date(now.getTime() + 30 * DAY),
  });
  const giftGoods = await pick(db, '胶囊', 5);
  if (giftGoods.length > 0) {
    await createActivity(db, {
      kind: 'gift',
      name: '买10赠1',
      goodsIds: giftGoods.map((g) => g.id),
      rules: { buy: 10, give: 1, type: 1, name: '同品赠送' },
      startsAt,
      endsAt: new Date(now.getTime() + 60 * DAY),
    });
  }
  const combos: [string, string, string][] = [
    ['感冒组合（颗粒+片剂）', '颗粒', '片'],
    ['家庭护理组合', '口罩', '消毒'],
  ];
  for (const [name, a, b] of combos) {
    const [first] = await pick(db, a, 1);
    const second = (await pick(db, b, 2)).find((g) => g.id !== first?.id);
    if (!first || !second) continue;
    // About 8% below buying both separately, floored to the yuan.
    const price = Math.floor(((first.price + second.price) * 0.92) / 100) * 100;
    await createCombination(db, {
      name,
      price,
      items: [
        { goodsId: first.id, number: 1 },
        { goodsId: second.id, number: 1 },
      ],
      startsAt,
      endsAt: new Date(now.getTime() + 60 * DAY),
    });
  }
}
