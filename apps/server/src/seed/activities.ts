import { and, asc, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import {
  chinaDay,
  createActivity,
  createCombination,
  type NewActivity,
} from '../modules/activity/service.js';
import type { PricedItem } from '../modules/activity/schema.js';
import { categories, goods } from '../modules/catalog/schema.js';
import { bannerSvg, type Palette } from '../modules/content/images.js';
import { saveMedia } from '../modules/content/media.js';
import { couponTemplates } from '../modules/promotion/schema.js';

const DAY = 24 * 3600_000;

type Pick = { id: number; price: number };

/** Goods a buyer (any, visitor included) can see and buy: on sale, in stock, not 含麻, not 控销. */
const sellable = and(
  eq(goods.onShelf, true),
  eq(goods.isBuy, true),
  eq(goods.type, 0),
  gt(goods.stock, 0),
  eq(goods.isHm, false),
  sql`not (${goods.zones} && array['kx']::text[])`,
);

/** Purchasable goods of a name part, best sellers first (deterministic picks). */
async function pick(db: Db, namePart: string, n: number): Promise<Pick[]> {
  return db
    .select({ id: goods.id, price: goods.price })
    .from(goods)
    .where(and(sellable, sql`${goods.name} like ${`%${namePart}%`}`))
    .orderBy(desc(goods.sales), asc(goods.id))
    .limit(n);
}

/** Sellable goods of categories (by name), best sellers first, leaving out `taken`. */
async function pickIn(
  db: Db,
  names: string[],
  n: number,
  taken: ReadonlySet<number> = new Set(),
): Promise<number[]> {
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .where(
      and(
        sellable,
        inArray(categories.name, names),
        taken.size ? notInArray(goods.id, [...taken]) : undefined,
      ),
    )
    .orderBy(desc(goods.sales), asc(goods.id))
    .limit(n);
  return rows.map((r) => r.id);
}

/**
 * Goods for flash and daily-special prices: priced above 50 yuan (the demo's order history
 * buys cheaper goods, so its orders never meet a per-buyer limit) and not among `taken`.
 */
async function pickPriced(db: Db, n: number, taken: ReadonlySet<number>): Promise<Pick[]> {
  return db
    .select({ id: goods.id, price: goods.price })
    .from(goods)
    .where(
      and(
        sellable,
        gt(goods.price, 5000),
        eq(goods.qgNumber, 0),
        gt(goods.stock, 100),
        taken.size ? notInArray(goods.id, [...taken]) : undefined,
      ),
    )
    .orderBy(desc(goods.sales), asc(goods.id))
    .limit(n);
}

/** `pct` below the list price, floored to the dime. */
const off = (price: number, pct: number) => Math.max(10, Math.floor((price * (100 - pct)) / 1000) * 10);

/** A generated banner for an activity page (1200×300, no outside URL). */
async function banner(
  db: Db,
  title: string,
  subtitle: string,
  palette: Palette,
  name: string,
): Promise<string> {
  const body = bannerSvg({ width: 1200, height: 300, title, subtitle, action: '立即查看', palette });
  return saveMedia(db, { contentType: 'image/svg+xml', body, name: `activity-${name}.svg` });
}

type Seeded = Omit<NewActivity, 'banner'> & { art?: { subtitle: string; palette: Palette; file: string } };

async function create(db: Db, a: Seeded): Promise<number> {
  const { art, ...rest } = a;
  const image = art ? await banner(db, a.name, art.subtitle, art.palette, art.file) : '';
  return createActivity(db, { ...rest, banner: image });
}

/** The ids of the published coupon templates (the coupon centre's), oldest first. */
async function publishedCoupons(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: couponTemplates.id })
    .from(couponTemplates)
    .where(eq(couponTemplates.published, true))
    .orderBy(asc(couponTemplates.id));
  return rows.map((r) => r.id);
}

/**
 * The demo promotions, through the activity services an operator's screens use: the cart's
 * full-spend (满减), the 94折 of /welfare, buy-and-get gifts on the /yjh zone, the 满返 of /hb,
 * a running flash sale (the home page's spike floor), the daily specials of /mrtj (every day's
 * and each day's), the template pages (/zqmb, /hdmb, /yyh, /activity_lq and the big-promotion
 * routes) with goods sections and the coupon centre's coupons, an activity on /yjh that starts
 * in three days (the countdown) and two combinations (组合购). Every page gets a banner and
 * its rules text. Runs after the catalogue and the coupons.
 */
export async function seedActivities(db: Db, now = new Date()): Promise<void> {
  const startsAt = new Date(now.getTime() - DAY);
  const days = (n: number) => new Date(now.getTime() + n * DAY);
  await createActivity(db, {
    kind: 'manjian',
    name: '全场满减：满500减20，满1000减50，满2000减120',
    rules: {
      tiers: [
        { amount: 50_000, reduce: 2_000 },
        { amount: 100_000, reduce: 5_000 },
        { amount: 200_000, reduce: 12_000 },
      ],
    },
    startsAt,
    endsAt: days(90),
    description:
      '全场商品（秒杀、特价及组合商品除外）下单金额满500元减20元，满1000元减50元，满2000元减120元，结算时自动抵扣，不与其他满减叠加。',
  });
  await create(db, {
    kind: 'discount',
    name: '全场94折',
    url: '/welfare',
    rules: { ratePerMille: 940, excludedGoodsIds: [] },
    startsAt,
    endsAt: days(30),
    description: '活动期间全场商品按售价94折结算（秒杀、特价及组合商品除外），购物车与结算页自动计算折后价。',
    art: { subtitle: '全场商品 结算自动94折', palette: 'red', file: 'welfare' },
  });
  const giftGoods = await pick(db, '胶囊', 5);
  if (giftGoods.length > 0) {
    await create(db, {
      kind: 'gift',
      name: '买10赠1',
      url: '/yjh',
      goodsIds: giftGoods.map((g) => g.id),
      rules: { buy: 10, give: 1, type: 1, name: '同品赠送' },
      startsAt,
      endsAt: days(60),
      description: '活动商品每购买10盒赠送同品1盒，多买多送；赠品随订单一同发货，退货时赠品需一并退回。',
      art: { subtitle: '精选胶囊剂 买10赠1 同品赠送', palette: 'green', file: 'yjh' },
    });
  }
  await create(db, {
    kind: 'manfan',
    name: '满返专场：满1000返30，满3000返120',
    url: '/hb',
    rules: {
      tiers: [
        { amount: 100_000, back: 3_000 },
        { amount: 300_000, back: 12_000 },
      ],
    },
    startsAt,
    endsAt: days(60),
    description:
      '活动期间下单，实付金额（扣除满减及优惠券后）满1000元返30元、满3000元返120元，按订单最高档计算；' +
      '返现在订单确认收货后自动存入账户余额，可在余额明细查看；订单取消不返现，退货后按剩余金额重新计算并扣回差额。',
    art: { subtitle: '满1000返30 满3000返120 收货即返余额', palette: 'orange', file: 'hb' },
  });

  const taken = new Set(giftGoods.map((g) => g.id));
  const flashGoods = await pickPriced(db, 6, taken);
  flashGoods.forEach((g) => taken.add(g.id));
  if (flashGoods.length > 0) {
    await create(db, {
      kind: 'flash',
      name: '限时秒杀',
      rules: {
        items: flashGoods.map((g, i) => ({
          goodsId: g.id,
          price: off(g.price, 15 + (i % 3) * 5),
          limit: i % 2 ? 10 : 5,
        })),
      },
      startsAt: new Date(now.getTime() - 2 * 3600_000),
      endsAt: days(7),
      description:
        '秒杀商品数量有限，售完即止；每个账号在活动期间限购标注数量，超出部分不能下单；秒杀商品不参与满减、折扣及优惠券。',
      art: { subtitle: '爆款好药 限时直降', palette: 'red', file: 'flash' },
    });
  }
  await seedSpecials(db, now, taken);
  await seedTemplates(db, now);

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
      endsAt: days(60),
    });
  }
}

/**
 * 每日特价 (/mrtj) for 30 days from today's China midnight: four goods every day (undated) and
 * three more that change each day (dated), each 15–25% below the list price.
 */
async function seedSpecials(db: Db, now: Date, taken: Set<number>): Promise<void> {
  const pool = await pickPriced(db, 16, taken);
  if (pool.length === 0) return;
  pool.forEach((g) => taken.add(g.id));
  const today = chinaDay(now.getTime());
  const everyDay = pool.slice(0, 4);
  const rotating = pool.slice(4);
  const items: PricedItem[] = everyDay.map((g, i) => ({
    goodsId: g.id,
    price: off(g.price, 15 + i * 3),
    limit: 10,
  }));
  for (let d = 0; d < 30 && rotating.length > 0; d++) {
    const date = chinaDay(today.start + d * DAY).date;
    for (let k = 0; k < Math.min(3, rotating.length); k++) {
      const g = rotating[(d * 3 + k) % rotating.length]!;
      if (items.some((it) => it.goodsId === g.id && it.date === date)) continue;
      items.push({ goodsId: g.id, price: off(g.price, 20 + k * 2), limit: 5, date });
    }
  }
  await create(db, {
    kind: 'special',
    name: '每日特价',
    url: '/mrtj',
    rules: { items },
    startsAt: new Date(today.start),
    endsAt: new Date(today.start + 30 * DAY),
    description:
      '每天0点更新特价商品，特价仅限当天；每个账号每天限购标注数量；特价商品不参与满减、折扣及优惠券。',
    art: { subtitle: '每天0点上新 限量特价', palette: 'orange', file: 'mrtj' },
  });
}

/** A template page's goods: one section per entry whose categories hold sellable goods. */
async function sections(
  db: Db,
  spec: [title: string, categories: string[], n: number][],
): Promise<{ title: string; goodsIds: number[] }[]> {
  const out: { title: string; goodsIds: number[] }[] = [];
  for (const [title, names, n] of spec) {
    const goodsIds = await pickIn(db, names, n);
    if (goodsIds.length > 0) out.push({ title, goodsIds });
  }
  return out;
}

/** The template pages: zone and activity templates, the 好医生 hub, coupon claiming, big promotions. */
async function seedTemplates(db: Db, now: Date): Promise<void> {
  const startsAt = new Date(now.getTime() - DAY);
  const endsAt = new Date(now.getTime() + 45 * DAY);
  const coupons = await publishedCoupons(db);
  const template = async (
    url: string,
    name: string,
    spec: [string, string[], number][],
    art: { subtitle: string; palette: Palette },
    description: string,
    couponIds: number[] = [],
    window: { startsAt: Date; endsAt: Date } = { startsAt, endsAt },
  ) => {
    const list = await sections(db, spec);
    if (list.length === 0 && couponIds.length === 0) return;
    await create(db, {
      kind: 'template',
      name,
      url,
      rules: { sections: list, couponIds },
      ...window,
      description,
      art: { ...art, file: url.slice(1).replace(/\//g, '-') || 'template' },
    });
  };
  await template(
    '/zqmb',
    '感冒季专区',
    [
      ['感冒用药', ['感冒用药', '感冒清热类'], 12],
      ['止咳化痰', ['止咳化痰类', '呼吸系统用药'], 8],
      ['解热镇痛', ['解热镇痛'], 8],
    ],
    { subtitle: '换季备货 感冒止咳一站采购', palette: 'blue' },
    '专区商品均为换季热销品种，支持与全场满减、94折叠加；库存有限，先到先得。',
    coupons.slice(0, 2),
  );
  await template(
    '/hdmb',
    '春季健康节',
    [
      ['维生素与矿物质', ['维生素矿物质', '维生素营养素'], 12],
      ['增强免疫力', ['增强免疫力', '补益安神类'], 8],
    ],
    { subtitle: '维生素 营养补充 健康节专享', palette: 'green' },
    '活动期间健康节商品参与全场满减及满返，领券再减；活动商品以页面展示为准。',
  );
  await template(
    '/yyh',
    '优医汇 · 好医生推荐',
    [
      ['心脑血管', ['心脑血管用药', '心脑血管类'], 16],
      ['消化系统', ['消化系统用药', '脾胃消化类'], 16],
      ['内分泌与代谢', ['内分泌与代谢', '调节血脂'], 12],
      ['儿科用药', ['儿科用药'], 12],
      ['皮肤科用药', ['皮肤科用药'], 12],
    ],
    { subtitle: '医生常用 慢病好药 专业推荐', palette: 'teal' },
    '优医汇精选临床常用品种，按科室分类展示；处方药须凭处方销售，请按经营范围采购。',
  );
  await template(
    '/activity_lq',
    '领券专场',
    [['领券后推荐', ['抗感染药', '感冒用药'], 8]],
    { subtitle: '好券天天领 下单立减', palette: 'purple' },
    '每张优惠券按页面标注的领取数量和使用门槛使用，领取后在“我的优惠券”查看；资质审核通过的会员可领取。',
    coupons,
  );
  const big: [
    url: string,
    name: string,
    subtitle: string,
    palette: Palette,
    spec: [string, string[], number][],
  ][] = [
    [
      '/activity_gq',
      '品牌特卖会',
      '大牌好药 品牌直供',
      'red',
      [
        ['品牌好药', ['抗感染药', '心脑血管用药'], 8],
        ['家庭常备', ['感冒用药', '解热镇痛', '消化系统用药'], 8],
      ],
    ],
    [
      '/activity_yhhg',
      '优惠好货节',
      '好货低价 整件更优',
      'orange',
      [
        ['中成药好货', ['清热解毒类', '补益安神类'], 8],
        ['器械耗材', ['医用耗材', '敷料护理', '防护用品'], 8],
      ],
    ],
    [
      '/eleven_gq',
      '双十一抢先购',
      '提前加购 好价抢先',
      'purple',
      [
        ['抢先购', ['维生素矿物质', '心脑血管用药'], 8],
        ['囤货清单', ['感冒清热类', '脾胃消化类'], 8],
      ],
    ],
    [
      '/eleven_big',
      '双十一主会场',
      '全年最低价 满减叠加满返',
      'red',
      [
        ['主会场爆款', ['抗感染药', '感冒用药'], 10],
        ['慢病用药', ['心脑血管用药', '内分泌与代谢'], 10],
        ['健康器械', ['家用检测', '康复理疗'], 8],
      ],
    ],
    [
      '/eleven_big_app',
      '双十一主会场（移动端）',
      '手机下单 同享主会场好价',
      'orange',
      [
        ['主会场爆款', ['抗感染药', '感冒用药'], 8],
        ['滋补养生', ['补益安神类', '增强免疫力'], 8],
      ],
    ],
    [
      '/live',
      '直播专场',
      '直播间专享 边看边买',
      'blue',
      [
        ['直播推荐', ['皮肤科用药', '五官科用药'], 8],
        ['主播同款', ['维生素营养素', '骨骼健康'], 8],
      ],
    ],
  ];
  for (const [url, name, subtitle, palette, spec] of big)
    await template(
      url,
      name,
      spec,
      { subtitle, palette },
      `${name}：会场商品参与全场满减、94折及满返，可叠加使用店铺优惠券；会场价格以结算页为准，数量有限，售完即止。`,
      url === '/eleven_big' ? coupons.slice(0, 3) : [],
    );
  // Not started: on the /yjh zone beside the gift, starting in three days (the countdown state).
  await template(
    '/yjh',
    '周末品牌日（预告）',
    [['品牌日预告商品', ['抗过敏药', '呼吸系统用药', '神经系统用药'], 8]],
    { subtitle: '三天后开抢 敬请期待', palette: 'blue' },
    '品牌日将于活动开始时间准时开启，届时页面商品参与全场满减与满返；开始前可先加入收藏。',
    [],
    { startsAt: new Date(now.getTime() + 3 * DAY), endsAt: new Date(now.getTime() + 10 * DAY) },
  );
}
