/**
 * Member centre and account centre (/user, /zhzx): input schemas shared by the server and the
 * web forms, and the reply types (docs/api/account.md).
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.js';
import { passwordSchema } from './auth.js';
import type { DocumentType, MemberStatusName } from './registration.js';
import { smsCodeSchema } from './registration.js';
import { mobileSchema } from './validation.js';

/** `POST /api/login/sms`: mobile and an SMS code of scene `login`. `store_id` picks a store. */
export const smsLoginSchema = z.object({
  mobile: mobileSchema,
  code: smsCodeSchema,
  store_id: idSchema.optional(),
});
export type SmsLoginInput = z.infer<typeof smsLoginSchema>;

/** `POST /api/user/forget/verify` (forgot password step 1): mobile and a code of scene `reset`. */
export const forgetVerifySchema = z.object({ mobile: mobileSchema, code: smsCodeSchema });
export type ForgetVerifyInput = z.infer<typeof forgetVerifySchema>;

/** Reply of step 1: a ticket (also set as the HttpOnly cookie `kc_reset`), valid 15 minutes. */
export interface ForgetVerifyReply {
  reset_token: string;
  expires_in: number;
  /** Stores behind the mobile whose password the reset sets. */
  stores: { id: number; username: string; company: string }[];
}

/** `POST api/user/resetPassword` (step 2): the new password; the ticket from step 1. */
export const resetPasswordSchema = z.object({
  password: passwordSchema,
  reset_token: z.string().trim().max(200).optional(),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const RESET_TICKET_MS = 15 * 60_000;

/** `POST api/user/updateUserInfo`: name and phone; a changed phone needs a `change_phone` code. */
export const updateUserInfoSchema = z.object({
  name: z.string({ error: '请输入联系人姓名' }).trim().min(1, { message: '请输入联系人姓名' }).max(30),
  phone: mobileSchema,
  code: smsCodeSchema.optional(),
});
export type UpdateUserInfoInput = z.infer<typeof updateUserInfoSchema>;

/** `GET /api/user/phone/{phone}`: one store behind the caller's mobile. */
export interface StoreView {
  id: number;
  username: string;
  company: string;
  company_type: string;
  status: MemberStatusName;
  is_passed: 0 | 1;
  is_current: 0 | 1;
}

/** `POST /api/user/switch_store`: continue as another store behind the same mobile. */
export const switchStoreSchema = z.object({ id: idSchema });

// ── Addresses ──────────────────────────────────────────────────────────────────────────────

const flag = z.preprocess(
  (v) => (v === true || v === 'true' || v === 'on' ? 1 : v),
  z.coerce.number().int().min(0).max(1),
);

/** `POST /api/user/address` (create) and `POST /api/user/address/{id}` (edit). */
export const addressSchema = z.object({
  consignee: z.string({ error: '请输入收货人' }).trim().min(1, { message: '请输入收货人' }).max(30),
  phone: mobileSchema,
  region: z.string({ error: '请选择所在地区' }).trim().min(2, { message: '请选择所在地区' }).max(60),
  address: z.string({ error: '请输入详细地址' }).trim().min(4, { message: '请输入详细地址' }).max(200),
  is_default: flag.default(0),
});
export type AddressInput = z.infer<typeof addressSchema>;

export interface AddressView {
  id: number;
  consignee: string;
  phone: string;
  region: string;
  address: string;
  is_default: 0 | 1;
}

export const MAX_ADDRESSES = 20;

/** Path parameter `{id}` of the address, message and document calls. */
export const idParamSchema = z.object({ id: idSchema });

// ── Messages ───────────────────────────────────────────────────────────────────────────────

/**
 * The kinds of message, in the order the message page shows them. Each kind may be turned off
 * (`POST /api/user/message/settings`) except those a member must read: review results and
 * licence expiry (资质与证照), and system notices (an account disabled or enabled).
 */
export const MESSAGE_KINDS = {
  order: '订单与售后',
  coupon: '优惠券',
  service: '求购与反馈',
  review: '资质与证照',
  system: '系统通知',
} as const;
export type MessageKind = keyof typeof MESSAGE_KINDS;
export const MESSAGE_KIND_LIST = Object.keys(MESSAGE_KINDS) as MessageKind[];
/** The kinds that cannot be turned off. */
export const REQUIRED_MESSAGE_KINDS: readonly MessageKind[] = ['review', 'system'];
/** The kinds a member may turn off. */
export const OPTIONAL_MESSAGE_KINDS = MESSAGE_KIND_LIST.filter((k) => !REQUIRED_MESSAGE_KINDS.includes(k));

/** `GET /api/user/message`: `is_read` 0/1 and `kind` filter. */
export const messageListQuerySchema = pageQuerySchema.extend({
  is_read: flag.optional(),
  kind: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.enum(MESSAGE_KIND_LIST as [MessageKind, ...MessageKind[]], { error: '消息类型有误' }).optional(),
  ),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/** `POST /api/user/message/read`: `ids` to mark read, or `all=1`. */
export const messageReadSchema = z.object({
  ids: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
      z.array(idSchema).max(1000),
    )
    .optional(),
  all: flag.optional(),
});
export type MessageReadInput = z.infer<typeof messageReadSchema>;

/**
 * `POST /api/user/message/settings`: the kinds the member no longer wants (`muted`, a list or
 * comma-separated; empty turns everything back on). Required kinds are refused.
 */
export const messageSettingsSchema = z.object({
  muted: z.preprocess(
    (v) => (v == null || v === '' ? [] : typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(
        z.enum(OPTIONAL_MESSAGE_KINDS as [MessageKind, ...MessageKind[]], {
          error: '资质与证照、系统通知为必收消息，不能关闭',
        }),
        { error: '消息类型有误' },
      )
      .max(MESSAGE_KIND_LIST.length),
  ),
});
export type MessageSettingsInput = z.infer<typeof messageSettingsSchema>;

/** `GET /api/user/message/settings` and the reply of the POST. */
export interface MessageSettingsView {
  kinds: { kind: MessageKind; label: string; enabled: 0 | 1; required: 0 | 1 }[];
}

/** `GET /api/user/message/unread`: the total and each kind's. */
export interface UnreadMessagesView {
  count: number;
  by_kind: Record<MessageKind, number>;
}

export interface MessageView {
  id: number;
  kind: MessageKind;
  title: string;
  content: string;
  is_read: 0 | 1;
  created_at: string;
}

// ── Member centre ──────────────────────────────────────────────────────────────────────────

/** `GET /api/user/jyfw`. */
export interface BusinessScopeView {
  /** The member's classes. */
  scope: string[];
  /** Every class, for showing what is not covered. */
  all: string[];
}

/** `GET /api/user/center`: the member centre summary (/user). */
export interface MemberCenterView {
  company: string;
  company_type: string;
  username: string;
  rank: number;
  points: number;
  /** Wallet balance in yuan, two decimals. */
  balance: string;
  coupon_count: number;
  admin: { name: string; phone: string; qq: string } | null;
  /** Zeros until the order capability exists. */
  orders: { unpaid: number; undelivered: number; delivered: number; done: number; after_sale: number };
  qualification: {
    status: MemberStatusName;
    is_passed: 0 | 1;
    reject_reason: string;
    warnings: {
      document_id: number;
      type: DocumentType;
      type_name: string;
      valid_to: string;
      days_left: number;
      expired: boolean;
      message: string;
    }[];
  };
  contract_signed: 0 | 1;
}

// ── E-contract ─────────────────────────────────────────────────────────────────────────────

/** `GET /api/user/contract`. */
export interface ContractView {
  version: string;
  title: string;
  content: string;
  signed: 0 | 1;
  signed_at: string | null;
  signed_ip: string;
}

/** `POST /api/user/contract/sign`: `agree=1` and the version read. */
export const contractSignSchema = z.object({
  agree: z.union([z.literal('1'), z.literal(1), z.literal(true)], { error: '请阅读并同意电子合同' }),
  version: z.string().trim().max(20).optional(),
});

// ── WeChat ─────────────────────────────────────────────────────────────────────────────────

/** Reply of `GET /api/wechat/authorize`: where to send the browser; `provider` 'dev' in development. */
export interface WechatAuthorizeView {
  url: string;
  state: string;
  provider: string;
}

/** `POST /api/user/bind_wechat` and `POST /api/login/wechat`: the code the provider returned. */
export const wechatCodeSchema = z.object({
  code: z.string({ error: '微信授权码缺失' }).trim().min(1, { message: '微信授权码缺失' }).max(200),
});
