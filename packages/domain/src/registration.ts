/**
 * Registration, SMS codes and qualification documents: input schemas shared by the server
 * and the web forms, and the reply types of those calls (docs/api/account.md).
 */
import { z } from 'zod';
import { passwordSchema } from './auth.js';
import { mobileSchema, phoneSchema } from './validation.js';

/** What an SMS code is for; a code only works for the scene it was sent for. */
export const SMS_SCENES = [
  'register',
  'login',
  'reset',
  'change_phone',
  'store',
  'pay_password',
  'pay',
] as const;
/** The scenes anyone may ask a code for by mobile; the payment scenes go to the member's own mobile only. */
export const PUBLIC_SMS_SCENES = ['register', 'login', 'reset', 'change_phone', 'store'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

/** SMS code limits: 5 minutes, 5 attempts, one send per 60 s and 10 a day per mobile. */
export const SMS_RULES = {
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendMs: 60_000,
  perDay: 10,
  dayMs: 24 * 3600_000,
  length: 6,
} as const;

/** `POST /api/user/create_code`. */
export const createCodeSchema = z.object({
  mobile: mobileSchema,
  scene: z.enum(PUBLIC_SMS_SCENES, { error: '验证码用途不正确' }).default('register'),
});
export type CreateCodeInput = z.infer<typeof createCodeSchema>;

/** Reply of `create_code`: seconds until another code may be sent. */
export interface CreateCodeReply {
  mobile: string;
  resend_after: number;
  expires_in: number;
}

export const smsCodeSchema = z
  .string({ error: '请输入短信验证码' })
  .trim()
  .regex(/^\d{6}$/, { message: '请输入6位短信验证码' });

const usernameSchema = z
  .string({ error: '请输入用户名' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, { message: '用户名为4-32位字母、数字或下划线，以字母开头' });

const agreementSchema = z
  .union([z.literal('1'), z.literal(1), z.literal(true), z.literal('true'), z.literal('on')], {
    error: '请阅读并同意《用户注册协议》',
  })
  .transform(() => true);

/** Step 1 of `/register` (`POST /api/register/account`). `wechat_code` binds WeChat at once. */
export const registerAccountSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  mobile: mobileSchema,
  code: smsCodeSchema,
  agreement: agreementSchema,
  wechat_code: z.string().trim().max(200).optional(),
});
export type RegisterAccountInput = z.infer<typeof registerAccountSchema>;

/** Step 1 of `/register_dd` (`POST /api/register/store`): another store behind the same mobile. */
export const registerStoreSchema = registerAccountSchema.omit({ wechat_code: true });
export type RegisterStoreInput = z.infer<typeof registerStoreSchema>;

export const COMPANY_TYPES = ['药店', '诊所', '医院', '批发企业'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** The business-scope classes (经营范围) goods are sold under. */
export const SCOPE_CLASSES = [
  '化学药制剂',
  '抗生素制剂',
  '生物制品',
  '中成药',
  '中药饮片',
  '第一类医疗器械',
  '第二类医疗器械',
  '保健食品',
  '消毒产品',
] as const;

const scopeListSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z
    .array(z.enum(SCOPE_CLASSES, { error: '经营范围不正确' }), { error: '请选择经营范围' })
    .min(1, { message: '请选择经营范围' })
    .transform((a) => [...new Set(a)]),
);

/** Step 2 of `/register` and `/register_dd` (`POST /api/register/company`). */
export const registerCompanySchema = z.object({
  company: z.string({ error: '请输入企业名称' }).trim().min(2, { message: '请输入企业名称' }).max(100),
  company_type: z.enum(COMPANY_TYPES, { error: '请选择企业类型' }),
  contact: z.string({ error: '请输入联系人' }).trim().min(1, { message: '请输入联系人' }).max(30),
  contact_phone: phoneSchema,
  region: z.string({ error: '请选择所在地区' }).trim().min(2, { message: '请选择所在地区' }).max(60),
  address: z.string({ error: '请输入详细地址' }).trim().min(4, { message: '请输入详细地址' }).max(200),
  business_licence_no: z
    .string({ error: '请输入营业执照号' })
    .trim()
    .regex(/^[0-9A-Z]{15,18}$/, { message: '请输入正确的统一社会信用代码（15或18位）' }),
  drug_licence_no: z
    .string({ error: '请输入药品经营许可证号' })
    .trim()
    .min(6, { message: '请输入药品经营许可证号' })
    .max(40),
  scope: scopeListSchema,
});
export type RegisterCompanyInput = z.infer<typeof registerCompanySchema>;

/** Member review state. 'draft' = registration not submitted yet. */
export const MEMBER_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type MemberStatusName = (typeof MEMBER_STATUSES)[number];

/** Reply of the registration steps and `GET /api/register/state`. */
export interface RegistrationState {
  member_id: number;
  username: string;
  mobile: string;
  status: MemberStatusName;
  /** 1 = account, 2 = company and documents, 3 = submitted (awaiting review or decided). */
  step: 1 | 2 | 3;
  company_done: boolean;
  /** Required document types still missing for this company type. */
  missing_documents: DocumentType[];
  reject_reason: string;
}

// ── Qualification documents ────────────────────────────────────────────────────────────────

export const DOCUMENT_TYPES = {
  business_licence: '营业执照',
  drug_licence: '药品经营许可证',
  medical_institution: '医疗机构执业许可证',
  device_licence: '医疗器械经营许可证/备案凭证',
  hm_letter: '含麻药品采购委托书',
  proxy_letter: '采购委托书（法人授权）',
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_KEYS = Object.keys(DOCUMENT_TYPES) as DocumentType[];

/** Files: JPG, PNG or PDF, at most 5 MB, type decided by content (magic bytes). */
export const UPLOAD_RULES = { maxBytes: 5 * 1024 * 1024, types: ['jpg', 'png', 'pdf'] as const } as const;

const isoDate = (msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: msg });

/**
 * `POST /api/user/zizhi` (registration step 2 and renewals): one document. `file` is the
 * file's bytes in base64 (a `data:…;base64,` prefix is accepted); see decision 010.
 */
export const documentUploadSchema = z.object({
  type: z.enum(DOCUMENT_TYPE_KEYS as [DocumentType, ...DocumentType[]], { error: '请选择证件类型' }),
  number: z.string({ error: '请输入证件编号' }).trim().min(1, { message: '请输入证件编号' }).max(60),
  valid_from: isoDate('请输入正确的发证日期（YYYY-MM-DD）').optional(),
  valid_to: isoDate('请输入正确的有效期（YYYY-MM-DD）'),
  file_name: z.string().trim().max(200).default(''),
  file: z
    .string({ error: '请上传证件图片或PDF' })
    .min(8, { message: '请上传证件图片或PDF' })
    .max(8_000_000, { message: '文件不能超过5MB' }),
});
export type DocumentUploadInput = z.infer<typeof documentUploadSchema>;

export type DocumentStatus = 'pending' | 'approved' | 'rejected';

/** One qualification document as `GET api/user/zizhi` lists it. */
export interface QualificationDocumentView {
  id: number;
  type: DocumentType;
  type_name: string;
  number: string;
  valid_from: string | null;
  valid_to: string;
  status: DocumentStatus;
  status_name: string;
  reject_reason: string;
  /** Member-only download URL (`/api/user/zizhi/{id}/file`). */
  image: string;
  mime: string;
  /** Days until expiry (negative when expired). */
  days_left: number;
  expired: boolean;
  /** Expires within 30 days. */
  expiring: boolean;
  created_at: string;
}

/** Days before expiry when the member centre warns. */
export const EXPIRY_WARNING_DAYS = 30;
