/**
 * Engagement, the service side: variety requests (品种求购), feedback (意见反馈) and franchise
 * applications (加盟申请). Input schemas shared by the server and both web apps, the status
 * and type codes with their labels, and the views the calls answer.
 */
import { z } from 'zod';
import { MAX_ID, idSchema, pageQuerySchema } from './api.js';
import { MAX_QUANTITY } from './inputs.js';
import { phoneSchema } from './validation.js';

/** Required text: trimmed, 1..max characters, with the field's own messages. */
const required = (label: string, max: number, verb = '请输入') =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .min(1, { message: `${verb}${label}` })
      .max(max, { message: `${label}不能超过${max}个字` }),
  );

/** A list filter: absent or '' (the back office's 全部) means none. */
const filter = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v == null ? undefined : v), schema.optional());

/** Optional text: absent is ''. */
const optional = (label: string, max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .max(max, { message: `${label}不能超过${max}个字` }),
  );

// ── Variety requests ───────────────────────────────────────────────────────────────────────

/** `POST /api/user/buy`: the goods the buyer wants the platform to source (SPEC field names). */
export const buyRequestSchema = z.object({
  name: required('药品名称', 100),
  sccj: required('生产厂家', 100),
  ypgg: required('规格', 100),
  number: z.coerce
    .number({ error: '求购数量必须是数字' })
    .int({ message: '求购数量必须是整数' })
    .min(1, { message: '求购数量至少为1' })
    .max(MAX_QUANTITY, { message: `求购数量不能超过${MAX_QUANTITY}` }),
  approval_no: optional('批准文号', 50),
  remark: optional('备注', 500),
});
export type BuyRequestInput = z.infer<typeof buyRequestSchema>;

/** A variety request's states: waiting for the operator, sourced (with the goods), or not. */
export const BUY_STATUSES = ['pending', 'sourced', 'unavailable'] as const;
export type BuyStatus = (typeof BUY_STATUSES)[number];
export const BUY_STATUS_TEXT: Record<BuyStatus, string> = {
  pending: '待处理',
  sourced: '已找到货源',
  unavailable: '无法供货',
};

/** `GET /api/user/buy/:id` and the list rows. */
export interface BuyRequestView {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  number: number;
  approval_no: string;
  remark: string;
  status: BuyStatus;
  status_text: string;
  /** The operator's answer: the reason when it cannot be sourced, a note when it is. */
  reply: string;
  /** The listed goods when sourced, else null. */
  goods: { id: number; name: string; ypgg: string; sccj: string } | null;
  created_at: string;
  answered_at: string;
}

/** The back office's row: the request and who asked. */
export interface AdminBuyRequestView extends BuyRequestView {
  member_id: number;
  member_company: string;
  member_phone: string;
  answered_by: string;
}

/** `GET /api/admin/buy_requests`. */
export const adminBuyListQuerySchema = pageQuerySchema.extend({
  status: filter(z.enum(BUY_STATUSES, { error: '状态有误' })),
  keyword: optional('关键字', 50),
});
export type AdminBuyListQuery = z.infer<typeof adminBuyListQuerySchema>;

/** `POST /api/admin/buy_requests/:id/answer`: sourced with a listed goods, or a reason why not. */
export const buyAnswerSchema = z.discriminatedUnion(
  'result',
  [
    z.object({
      result: z.literal('sourced'),
      goods_id: z.coerce
        .number({ error: '请选择上架的商品' })
        .int({ message: '请选择上架的商品' })
        .positive({ message: '请选择上架的商品' })
        .max(MAX_ID, { message: '商品不存在' }),
      reply: optional('答复', 500),
    }),
    z.object({ result: z.literal('unavailable'), reply: required('无法供货的原因', 500) }),
  ],
  { error: '请选择处理结果' },
);
export type BuyAnswerInput = z.infer<typeof buyAnswerSchema>;

// ── Feedback ───────────────────────────────────────────────────────────────────────────────

/** Feedback type codes (`type` of `POST /api/user/feedback`, listed in docs/api.md). */
export const FEEDBACK_TYPES = {
  1: '功能建议',
  2: '商品问题',
  3: '物流配送',
  4: '服务投诉',
  5: '其他',
} as const;
export type FeedbackType = keyof typeof FEEDBACK_TYPES;
/** 服务投诉: a complaint, shown first in the back office. */
export const COMPLAINT_TYPE: FeedbackType = 4;

const feedbackType = z.coerce
  .number({ error: '请选择反馈类型' })
  .refine((n): n is FeedbackType => n in FEEDBACK_TYPES, { message: '请选择反馈类型' });

/** At most three JPG/PNG images per feedback, sent as `images` file parts. */
export const FEEDBACK_MAX_IMAGES = 3;

/** `POST /api/user/feedback` fields (the images arrive as file parts). */
export const feedbackSchema = z.object({
  type: feedbackType,
  content: z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: '反馈内容格式有误' })
      .trim()
      .min(5, { message: '反馈内容至少5个字' })
      .max(500, { message: '反馈内容不能超过500个字' }),
  ),
  contact: optional('联系方式', 50),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;

export const FEEDBACK_STATUS_TEXT = { pending: '待回复', replied: '已回复' } as const;
export type FeedbackStatus = keyof typeof FEEDBACK_STATUS_TEXT;

/** A feedback as its author sees it, with the operator's reply. */
export interface FeedbackView {
  id: number;
  type: FeedbackType;
  type_text: string;
  content: string;
  contact: string;
  /** Image paths (the author's own, or the back office's for an operator). */
  images: string[];
  status: FeedbackStatus;
  status_text: string;
  reply: string;
  created_at: string;
  replied_at: string;
}

export interface AdminFeedbackView extends FeedbackView {
  member_id: number;
  member_company: string;
  member_phone: string;
  replied_by: string;
}

/** `GET /api/admin/feedback`. */
export const adminFeedbackListQuerySchema = pageQuerySchema.extend({
  status: filter(z.enum(['pending', 'replied'], { error: '状态有误' })),
  type: filter(feedbackType),
});
export type AdminFeedbackListQuery = z.infer<typeof adminFeedbackListQuerySchema>;

/** `POST /api/admin/feedback/:id/reply`. */
export const feedbackReplySchema = z.object({ reply: required('回复内容', 500) });

/** `GET /api/user/feedback/:id/image/:n`. */
export const feedbackImageParamsSchema = z.object({
  id: idSchema,
  n: z.coerce
    .number({ error: '图片序号有误' })
    .int({ message: '图片序号有误' })
    .min(1, { message: '图片序号有误' })
    .max(FEEDBACK_MAX_IMAGES, { message: '图片序号有误' }),
});

// ── Franchise applications ─────────────────────────────────────────────────────────────────

/** `POST /api/goods/join_apply`: a pharmacy asking to join the franchise (加盟专区). */
export const joinApplySchema = z.object({
  company: required('门店名称', 100),
  name: required('联系人', 30),
  phone: phoneSchema,
  region: required('所在地区', 100),
  /** The franchise goods the applicant came from, when any. */
  goods_id: z.preprocess(
    (v) => (v === '' || v == null || v === '0' || v === 0 ? undefined : v),
    idSchema.optional(),
  ),
  remark: optional('备注', 500),
});
export type JoinApplyInput = z.infer<typeof joinApplySchema>;

export const JOIN_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type JoinStatus = (typeof JOIN_STATUSES)[number];
export const JOIN_STATUS_TEXT: Record<JoinStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '未通过',
};

export interface JoinApplicationView {
  id: number;
  company: string;
  name: string;
  phone: string;
  region: string;
  remark: string;
  goods_name: string;
  member_company: string;
  status: JoinStatus;
  status_text: string;
  note: string;
  reviewed_by: string;
  created_at: string;
  reviewed_at: string;
}

export const adminJoinListQuerySchema = pageQuerySchema.extend({
  status: filter(z.enum(JOIN_STATUSES, { error: '状态有误' })),
});
export type AdminJoinListQuery = z.infer<typeof adminJoinListQuerySchema>;

/** `POST /api/admin/join_applications/:id/review`: approve or reject, with a note. */
export const joinReviewSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: '请选择审核结果' }),
  note: optional('审核说明', 500),
});
export type JoinReviewInput = z.infer<typeof joinReviewSchema>;
