/**
 * The prize draw (抽奖, SPEC §4, issue 13 item 5; docs/api/draw-m3.md): the odds rule, the
 * operator's input schemas and the views the storefront pop-up and the back office read.
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.js';
import { dateTimeSchema } from './inputs.js';
import { yuanToFen } from './money.js';

/** Odds are per this many draws: a prize with odds 100 wins one draw in a hundred. */
export const DRAW_ODDS_BASE = 10_000;
/** SPEC §9: the pop-up waits this long after the draw before it announces the prize. */
export const DRAW_REVEAL_DELAY_MS = 2_000;
/** SPEC §9: the pop-up's close animation. */
export const DRAW_CLOSE_ANIMATION_MS = 1_000;
/** The name a draw that wins nothing shows when the operator configured no 'none' prize. */
export const DRAW_NO_PRIZE_NAME = '谢谢参与';

export const DRAW_PRIZE_KINDS = ['coupon', 'points', 'balance', 'goods', 'none'] as const;
export type DrawPrizeKind = (typeof DRAW_PRIZE_KINDS)[number];
export const DRAW_PRIZE_KIND_TEXT: Record<DrawPrizeKind, string> = {
  coupon: '优惠券',
  points: '积分',
  balance: '余额',
  goods: '实物',
  none: '未中奖',
};

/** A goods prize's shipping state: '' (not goods), 'pending' (to ship), 'shipped'. */
export const DRAW_FULFILMENT_TEXT: Record<string, string> = { '': '', pending: '待发货', shipped: '已发货' };

/**
 * Which prize a draw lands on: `roll` is a uniform integer in [0, DRAW_ODDS_BASE); prizes
 * take consecutive slices of that range in their order, each as wide as its odds. The index of
 * the prize whose slice holds `roll`, or -1 when it falls past them all (no prize).
 */
export function prizeIndexFor(odds: readonly number[], roll: number): number {
  let upTo = 0;
  for (const [i, o] of odds.entries()) {
    upTo += Math.max(0, o);
    if (roll < upTo) return i;
  }
  return -1;
}

/** Masks a winner's name for the public list: '张三药店' → '张*店', '王五' → '王*'. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 4))}${chars[chars.length - 1]}`;
}

// ——— storefront inputs and views ———

/** `GET /api/draw?id=`, `GET /api/draw/new_record?id=`. */
export const drawIdQuerySchema = z.object({ id: idSchema });
/** `GET|POST /api/draw/{id}/activity`. */
export const drawIdParamSchema = z.object({ id: idSchema });
/** `GET /api/draw/record`. */
export const drawRecordQuerySchema = pageQuerySchema;

export type DrawStatus = 'not_started' | 'running' | 'ended' | 'disabled';

/** `GET /api/draw/simple`: the running draw for the pop-up, or null. */
export interface DrawSimpleView {
  id: number;
  name: string;
  image: string;
  description: string;
  start_time: string;
  end_time: string;
  /** 1 when this member has drawn already (visitors: 0, but they never get the pop-up). */
  is_join: 0 | 1;
}

/** A prize as buyers see it (no odds, no stock). */
export interface DrawPrizeView {
  id: number;
  name: string;
  kind: DrawPrizeKind;
  kind_text: string;
  image: string;
}

/** `GET /api/draw?id=`. */
export interface DrawDetailView extends DrawSimpleView {
  status: DrawStatus;
  prizes: DrawPrizeView[];
}

/** `GET|POST /api/draw/{id}/activity`: what this member won. */
export interface DrawResultView {
  record_id: number;
  prize_id: number;
  prize_name: string;
  prize_kind: DrawPrizeKind;
  /** 1 when the prize is something (not 谢谢参与). */
  is_win: 0 | 1;
  /** The sentence the pop-up's alert shows. */
  message: string;
}

/** `GET /api/draw/new_record?id=`: recent winners, names masked. */
export interface DrawWinnerView {
  name: string;
  prize_name: string;
  created_at: string;
}

/** `GET /api/draw/record`: my draws. */
export interface DrawRecordView {
  id: number;
  draw_id: number;
  draw_name: string;
  prize_name: string;
  prize_kind: DrawPrizeKind;
  fulfilment: string;
  fulfilment_text: string;
  created_at: string;
}

// ——— back office ———

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const flag = z.preprocess(
  (v) =>
    v === '1' || v === 'true' || v === 1 || v === true
      ? true
      : v === '0' || v === 'false' || v === 0 || v === false
        ? false
        : v,
  z.boolean({ error: '请选择是否启用' }),
);
const name = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { message: `请输入${label}` })
    .max(max, { message: `${label}最多${max}个字` });
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string()
      .trim()
      .max(max, { message: `${label}最多${max}个字` }),
  );
const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ message: `${label}必须是整数` })
    .min(min, { message: `${label}不能小于${min}` })
    .max(max, { message: `${label}不能大于${max}` });

/** An operator's draw form: `POST /api/admin/draws`, `POST /api/admin/draws/:id`. */
export const drawInputSchema = z
  .object({
    name: name('抽奖名称', 50),
    description: optionalText('活动说明', 500),
    image: optionalText('图片地址', 500),
    starts_at: dateTimeSchema,
    ends_at: dateTimeSchema,
    enabled: z.preprocess((v) => v ?? true, flag),
  })
  .refine((d) => d.ends_at > d.starts_at, { message: '结束时间必须晚于开始时间', path: ['ends_at'] });
export type DrawInput = z.infer<typeof drawInputSchema>;

/**
 * A prize: `value` is points (kind points); `amount` yuan (kind balance); a coupon names its
 * template. `odds` per DRAW_ODDS_BASE; `stock` how many may be awarded (not for 'none').
 */
export const drawPrizeInputSchema = z
  .object({
    name: name('奖品名称', 50),
    kind: z.enum(DRAW_PRIZE_KINDS, { error: '请选择奖品类型' }),
    image: optionalText('图片地址', 500),
    value: z.preprocess(blank, int('积分数', 0, 1_000_000).default(0)),
    amount: z.preprocess(
      blank,
      z
        .union([z.string(), z.number()])
        .refine((v) => /^\d{1,6}(\.\d{1,2})?$/.test(String(v).trim()), { message: '金额格式有误' })
        .transform((v) => yuanToFen(String(v).trim()))
        .default(0),
    ),
    coupon_template_id: z.preprocess(blank, idSchema.optional()),
    odds: int('中奖概率', 0, DRAW_ODDS_BASE),
    stock: z.preprocess(blank, int('库存', 0, 1_000_000).default(0)),
    sort: z.preprocess(blank, int('排序', -100_000, 100_000).default(0)),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'points' && p.value <= 0)
      ctx.addIssue({ code: 'custom', path: ['value'], message: '请填写积分数' });
    if (p.kind === 'balance' && p.amount <= 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: '请填写余额金额' });
    if (p.kind === 'coupon' && !p.coupon_template_id)
      ctx.addIssue({ code: 'custom', path: ['coupon_template_id'], message: '请选择优惠券' });
  });
export type DrawPrizeInput = z.infer<typeof drawPrizeInputSchema>;

/** `GET /api/admin/draws`. */
export const adminDrawListQuerySchema = pageQuerySchema.extend({
  keyword: z.preprocess(blank, z.string().trim().max(50, { message: '关键词不能超过50个字' }).optional()),
});

/** `GET /api/admin/draws/:id/records`: winners, filtered by prize and shipping state. */
export const adminDrawRecordQuerySchema = pageQuerySchema.extend({
  prize_id: z.preprocess(blank, idSchema.optional()),
  fulfilment: z.preprocess(blank, z.enum(['pending', 'shipped'], { error: '发货状态有误' }).optional()),
  /** 1: winners only (no 谢谢参与). */
  won: z.preprocess(blank, z.coerce.number().int().min(0).max(1).optional()),
});

export interface AdminDrawRow {
  id: number;
  name: string;
  description: string;
  image: string;
  start_time: string;
  end_time: string;
  enabled: boolean;
  status: DrawStatus;
  status_text: string;
  prizes: number;
  /** Members who drew. */
  joined: number;
}

export interface AdminDrawPrize {
  id: number;
  name: string;
  kind: DrawPrizeKind;
  kind_text: string;
  image: string;
  value: number;
  /** Yuan, for kind balance. */
  amount: string;
  coupon_template_id: number | null;
  coupon_name: string;
  odds: number;
  stock: number;
  awarded: number;
  sort: number;
}

export interface AdminDrawDetail extends AdminDrawRow {
  prizes_list: AdminDrawPrize[];
  /** Sum of the prizes' odds (≤ DRAW_ODDS_BASE); the rest draws nothing. */
  odds_total: number;
}

export interface AdminDrawRecordRow {
  id: number;
  member_id: number;
  member_name: string;
  company: string;
  prize_id: number | null;
  prize_name: string;
  prize_kind: DrawPrizeKind;
  prize_kind_text: string;
  fulfilment: string;
  fulfilment_text: string;
  created_at: string;
}

export const DRAW_STATUS_TEXT: Record<DrawStatus, string> = {
  not_started: '未开始',
  running: '进行中',
  ended: '已结束',
  disabled: '已停用',
};

/** A draw's state at `now`. */
export function drawStatus(d: { enabled: boolean; startsAt: Date; endsAt: Date }, now: Date): DrawStatus {
  if (!d.enabled) return 'disabled';
  if (now < d.startsAt) return 'not_started';
  if (now >= d.endsAt) return 'ended';
  return 'running';
}
