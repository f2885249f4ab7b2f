/**
 * The operator's activities and combinations (issue 13 item 6, docs/api/activity.md): input
 * schemas shared by the server and the back office, and the views the back office reads.
 * Money is sent in yuan and parsed to fen here; times are China wall-clock strings.
 */
import { z } from 'zod';
import { idListSchema, idSchema, pageQuerySchema } from './api.js';
import {
  ACTIVITY_KINDS,
  type ActivityKindName,
  type ActivityStatus,
  type ActivityTierView,
} from './activity.js';
import { yuanToFen } from './money.js';
import { parseChinaTime } from './time.js';

/** The most tiers of a 满减/满返, items of a flash sale or special, sections of a template. */
export const ACTIVITY_LIMITS = {
  tiers: 10,
  items: 200,
  sections: 10,
  sectionGoods: 60,
  coupons: 20,
  combinationItems: 10,
} as const;

/** The 94折 switch's bounds: 5折 to 9.99折, per mille. */
export const DISCOUNT_RATE_RANGE = { min: 500, max: 999 } as const;

// ── Field rules ─────────────────────────────────────────────────────────────────────────────

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A yuan amount ('12.90') as fen; at most seven whole digits and two decimals. */
const yuan = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请填写${label}` })
    .transform((v) => String(v).trim())
    .refine((s) => /^\d{1,7}(\.\d{1,2})?$/.test(s), { message: `${label}格式有误` })
    .transform(yuanToFen);

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ message: `${label}必须是整数` })
    .min(min, { message: `${label}不能小于${min}` })
    .max(max, { message: `${label}不能大于${max}` });

const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .max(max, { message: `${label}最多${max}个字` }),
  );

const requiredName = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { message: `请填写${label}` })
    .max(max, { message: `${label}最多${max}个字` });

/** A China wall-clock time ('YYYY-MM-DD HH:mm[:ss]') as a Date. */
const chinaTime = (label: string) =>
  z.string({ error: `请选择${label}` }).transform((v, ctx) => {
    const ms = v.trim() === '' ? NaN : parseChinaTime(v);
    if (Number.isNaN(ms) || ms < 0 || ms > Date.UTC(2100, 11, 31)) {
      ctx.addIssue({ code: 'custom', message: `${label}格式有误（YYYY-MM-DD HH:mm:ss）` });
      return z.NEVER;
    }
    return new Date(ms);
  });

/** true/false from a form ('1', 'true', 1) or JSON. */
const flagSchema = (label: string) =>
  z.preprocess(
    (v) =>
      v === '1' || v === 'true' || v === 1 || v === true
        ? true
        : v === '0' || v === 'false' || v === 0 || v === false
          ? false
          : v,
    z.boolean({ error: `请选择${label}` }),
  );

/** An optional id list: absent, '' or [] is the empty list. */
const ids = (max: number, tooMany: string) =>
  z
    .preprocess(
      (v) => (v === '' || v == null || (Array.isArray(v) && v.length === 0) ? undefined : v),
      idListSchema.optional().transform((v) => v ?? []),
    )
    .refine((v) => v.length <= max, { message: tooMany });

/** A form list (`tiers[0][amount]=…`): absent is the empty list. */
const list = <T extends z.ZodType>(item: T, max: number, tooMany: string) =>
  z.preprocess(
    (v) => (v === '' || v == null ? [] : v),
    z.array(item, { error: '列表格式有误' }).max(max, { message: tooMany }),
  );

const windowFields = {
  start_time: chinaTime('开始时间'),
  end_time: chinaTime('结束时间'),
};

// ── Activities ──────────────────────────────────────────────────────────────────────────────

const tierSchema = z.object({
  /** The spend it needs, yuan. */
  amount: yuan('门槛金额'),
  /** 满减: the reduction; 满返: the cashback; yuan. */
  value: yuan('优惠金额'),
});

const itemSchema = z.object({
  goods_id: idSchema,
  /** The activity price, yuan. */
  price: yuan('活动价'),
  /** Per-buyer limit in units over the window; 0 none. */
  limit: z.preprocess(blankToUndefined, int('限购数量', 0, 99_999).default(0)),
  /** 每日特价: the China day it runs (YYYY-MM-DD); '' every day of the window. */
  date: z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: '特价日期格式有误' })
      .trim()
      .refine((d) => d === '' || (/^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(parseChinaTime(d))), {
        message: '特价日期格式有误（YYYY-MM-DD）',
      }),
  ),
});

const sectionSchema = z.object({
  title: requiredName('专区标题', 20),
  goods_ids: ids(ACTIVITY_LIMITS.sectionGoods, `每个专区最多${ACTIVITY_LIMITS.sectionGoods}个商品`),
});

const kindSchema = z.enum(ACTIVITY_KINDS, { error: '活动类型不正确' });

/** `POST /api/admin/activities` and `PUT /api/admin/activities/{id}`: the whole activity. */
export const activityInputSchema = z
  .object({
    kind: kindSchema,
    name: requiredName('活动名称', 60),
    /** The storefront page ('/hb', '/welfare' …); '' none. */
    url: text('活动页面', 100).refine((u) => u === '' || /^\/[\w\-/]*$/.test(u), {
      message: '活动页面须以 / 开头（如 /hb）',
    }),
    banner: text('横幅图片地址', 500),
    description: text('活动说明', 2000),
    ...windowFields,
    enabled: z.preprocess((v) => v ?? true, flagSchema('是否启用')),
    /** The scope of 满减/满返 (empty: the whole store); the goods of 买赠. */
    goods_ids: ids(1000, '活动商品最多1000个'),
    /** 全场折扣: goods left out. */
    excluded_goods_ids: ids(1000, '排除商品最多1000个'),
    tiers: list(tierSchema, ACTIVITY_LIMITS.tiers, `最多设置${ACTIVITY_LIMITS.tiers}档`),
    /** 全场折扣, per mille: 940 = 94折. */
    rate_per_mille: z.preprocess(blankToUndefined, int('折扣率', 1, 1000).optional()),
    buy: z.preprocess(blankToUndefined, int('购买数量', 0, 99_999).optional()),
    give: z.preprocess(blankToUndefined, int('赠送数量', 0, 99_999).optional()),
    /** 1 the same goods (同品赠送), 2 another gift or sample. */
    gift_type: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: '赠品类型不正确' })
        .refine((n) => n === 1 || n === 2, { message: '赠品类型不正确' })
        .default(1)
        .transform((n) => n as 1 | 2),
    ),
    gift_name: text('赠品名称', 40),
    items: list(itemSchema, ACTIVITY_LIMITS.items, `最多设置${ACTIVITY_LIMITS.items}个活动商品`),
    sections: list(sectionSchema, ACTIVITY_LIMITS.sections, `最多设置${ACTIVITY_LIMITS.sections}个专区`),
    coupon_ids: ids(ACTIVITY_LIMITS.coupons, `最多关联${ACTIVITY_LIMITS.coupons}张优惠券`),
  })
  .superRefine((a, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (a.end_time <= a.start_time) issue('end_time', '结束时间必须晚于开始时间');
    switch (a.kind) {
      case 'manjian':
      case 'manfan': {
        const what = a.kind === 'manjian' ? '减' : '返';
        if (a.tiers.length === 0) return issue('tiers', `请至少设置一档满${what}`);
        a.tiers.forEach((t, i) => {
          if (t.value <= 0 || t.value >= t.amount)
            issue('tiers', `第${i + 1}档的${what}额必须大于0且小于门槛金额`);
          const prev = a.tiers[i - 1];
          if (prev && t.amount <= prev.amount) issue('tiers', `第${i + 1}档的门槛必须高于第${i}档`);
        });
        return;
      }
      case 'discount': {
        const r = a.rate_per_mille;
        if (r === undefined || r < DISCOUNT_RATE_RANGE.min || r > DISCOUNT_RATE_RANGE.max)
          issue('rate_per_mille', '折扣率须在500‰到999‰之间（5折到9.99折）');
        return;
      }
      case 'gift':
        if (!a.buy || a.buy < 1) issue('buy', '购买数量至少为1');
        if (!a.give || a.give < 1) issue('give', '赠送数量至少为1');
        if (a.goods_ids.length === 0) issue('goods_ids', '请选择买赠商品');
        if (a.gift_type === 2 && a.gift_name === '') issue('gift_name', '请填写赠品名称');
        return;
      case 'flash':
      case 'special': {
        if (a.items.length === 0) return issue('items', '请添加活动商品');
        const seen = new Set<string>();
        a.items.forEach((it, i) => {
          if (it.price <= 0) issue('items', `第${i + 1}个商品的活动价必须大于0`);
          if (a.kind === 'flash' && it.date !== '') issue('items', '秒杀商品不设日期');
          const key = a.kind === 'special' ? `${it.goods_id}@${it.date}` : String(it.goods_id);
          if (seen.has(key))
            issue('items', a.kind === 'special' ? `第${i + 1}个商品在同一天重复` : `第${i + 1}个商品重复`);
          seen.add(key);
          if (it.date !== '') {
            const day = parseChinaTime(it.date);
            if (day + 86_400_000 <= a.start_time.getTime() || day >= a.end_time.getTime())
              issue('items', `第${i + 1}个商品的特价日期不在活动时间内`);
          }
        });
        return;
      }
      case 'template':
        if (a.sections.length === 0 && a.coupon_ids.length === 0)
          issue('sections', '请至少设置一个商品专区或一张优惠券');
        return;
    }
  });
export type ActivityInput = z.infer<typeof activityInputSchema>;

/** `PUT /api/admin/activities/{id}/enabled`: the 94折 switch (and every activity's). */
export const activityEnabledSchema = z.object({ enabled: flagSchema('是否启用') });
export type ActivityEnabledInput = z.infer<typeof activityEnabledSchema>;

/** `GET /api/admin/activities` ('' for a filter = all). Status 2 also holds the switched off. */
export const activityAdminListSchema = pageQuerySchema.extend({
  keyword: z.preprocess(
    blankToUndefined,
    z.string().trim().max(40, { message: '关键词最多40个字' }).optional(),
  ),
  kind: z.preprocess(blankToUndefined, kindSchema.optional()),
  status: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: '状态不正确' })
      .refine((n) => n === 0 || n === 1 || n === 2, { message: '状态不正确' })
      .transform((n) => n as ActivityStatus)
      .optional(),
  ),
});
export type ActivityAdminListQuery = z.infer<typeof activityAdminListSchema>;

/** A goods as the back office names it in a rule. */
export interface ActivityGoodsRef {
  id: number;
  name: string;
  ypgg: string;
  sccj: string;
  /** The list price, yuan. */
  price: string;
}

/** One row of the operator's activity list. */
export interface ActivityAdminRow {
  id: number;
  kind: ActivityKindName;
  kind_text: string;
  name: string;
  url: string;
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  start_time: string;
  end_time: string;
  status: ActivityStatus;
  /** 未开始 / 进行中 / 已结束, or 已停用 when switched off. */
  status_text: string;
  enabled: 0 | 1;
  /** The rules in a line: '满500减20，满1000减50', '9.4折', '买10赠1（同品赠送）', '3个商品' … */
  summary: string;
  /** Orders it priced (not cancelled). */
  orders: number;
}

/** A flash-sale or daily-special goods with its price. */
export interface ActivityItemAdminView {
  goods_id: number;
  goods: ActivityGoodsRef | null;
  /** Yuan. */
  price: string;
  limit: number;
  /** 每日特价: YYYY-MM-DD, '' every day. */
  date: string;
}

/** `GET /api/admin/activities/{id}`: the activity with its rules in yuan and the goods named. */
export interface ActivityAdminView extends ActivityAdminRow {
  banner: string;
  description: string;
  goods: ActivityGoodsRef[];
  excluded_goods: ActivityGoodsRef[];
  tiers: ActivityTierView[];
  /** 全场折扣 per mille; 0 for the other kinds. */
  rate_per_mille: number;
  gift: { buy: number; give: number; type: 1 | 2; name: string } | null;
  items: ActivityItemAdminView[];
  sections: { title: string; goods: ActivityGoodsRef[] }[];
  coupons: { id: number; name: string }[];
  created_at: string;
  updated_at: string;
}

/** One China day of an activity's report. */
export interface ActivityReportDay {
  day: string;
  orders: number;
  /** Goods amount of the day's orders, yuan. */
  amount: string;
  taps: number;
}

/** `GET /api/admin/activities/{id}/report`: what the activity sold. Money in yuan. */
export interface ActivityReport {
  activity: ActivityAdminRow;
  /** Orders it priced, cancelled ones left out. */
  orders: number;
  buyers: number;
  goods_amount: string;
  /** 满减: the orders' reductions; 折扣: their discount; 秒杀/特价: (list − activity price) × units; 买赠: the gift units at list price. */
  discount_given: string;
  /** 满返. */
  cashback_pending: string;
  cashback_credited: string;
  cashback_reversed: string;
  taps: number;
  by_day: ActivityReportDay[];
}

// ── Combinations ────────────────────────────────────────────────────────────────────────────

const comboItemSchema = z.object({
  goods_id: idSchema,
  number: int('数量', 1, 999),
});

/** `POST /api/admin/combinations` and `PUT /api/admin/combinations/{id}`. */
export const combinationInputSchema = z
  .object({
    name: requiredName('组合名称', 60),
    /** The price of one set, yuan. */
    price: yuan('组合价'),
    items: list(
      comboItemSchema,
      ACTIVITY_LIMITS.combinationItems,
      `一个组合最多${ACTIVITY_LIMITS.combinationItems}个商品`,
    ),
    ...windowFields,
    on_sale: z.preprocess((v) => v ?? true, flagSchema('是否上架')),
  })
  .superRefine((c, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (c.end_time <= c.start_time) issue('end_time', '结束时间必须晚于开始时间');
    if (c.price <= 0) issue('price', '组合价必须大于0');
    if (c.items.length < 2) issue('items', '一个组合至少包含两个商品');
    if (new Set(c.items.map((i) => i.goods_id)).size !== c.items.length) issue('items', '组合商品不能重复');
  });
export type CombinationInput = z.infer<typeof combinationInputSchema>;

/** `PUT /api/admin/combinations/{id}/on_sale`. */
export const combinationOnSaleSchema = z.object({ on_sale: flagSchema('是否上架') });

/** `GET /api/admin/combinations`. */
export const combinationAdminListSchema = pageQuerySchema.extend({
  keyword: z.preprocess(
    blankToUndefined,
    z.string().trim().max(40, { message: '关键词最多40个字' }).optional(),
  ),
});
export type CombinationAdminListQuery = z.infer<typeof combinationAdminListSchema>;

/** One combination as the back office shows it. Money in yuan. */
export interface CombinationAdminView {
  id: number;
  name: string;
  /** One set. */
  price: string;
  /** The items bought one by one at list price. */
  original_amount: string;
  items: { goods_id: number; goods: ActivityGoodsRef | null; number: number }[];
  start_time: string;
  end_time: string;
  on_sale: 0 | 1;
  /** 未开始 / 销售中 / 已结束 / 已下架. */
  status_text: string;
  /** Orders that bought it (not cancelled). */
  orders: number;
}
