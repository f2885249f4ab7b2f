/** Operator review of members (docs/api/admin.md): input schemas and reply types. */
import { z } from 'zod';
import { MAX_ID, idSchema, pageQuerySchema } from './api.js';
import type { QualificationDocumentView, MemberStatusName } from './registration.js';
import { COMPANY_TYPES, MEMBER_STATUSES, SCOPE_CLASSES } from './registration.js';

const flag = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: `${label}不正确` })
      .int({ message: `${label}不正确` })
      .min(0, { message: `${label}不正确` })
      .max(1, { message: `${label}不正确` })
      .optional(),
  );

/**
 * `GET /api/admin/members?status=pending`: `status` 'all' lists every state; `keyword` matches
 * username, company, contact, phones and licence numbers; `region` is a prefix ('浙江省');
 * `service_staff_id` 0 = no customer-service admin; `disabled` 0/1.
 */
export const adminMemberListQuerySchema = pageQuerySchema.extend({
  status: z.enum([...MEMBER_STATUSES, 'all'], { error: '状态不正确' }).default('pending'),
  keyword: z.string().trim().max(50).optional(),
  company_type: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(COMPANY_TYPES, { error: '企业类型不正确' }).optional(),
  ),
  region: z.string().trim().max(60).optional(),
  service_staff_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: '客服不正确' })
      .int({ message: '客服不正确' })
      .min(0, { message: '客服不正确' })
      .max(MAX_ID, { message: '客服不正确' })
      .optional(),
  ),
  disabled: flag('停用状态'),
});
export type AdminMemberListQuery = z.infer<typeof adminMemberListQuerySchema>;

export interface AdminMemberRow {
  id: number;
  username: string;
  company: string;
  company_type: string;
  phone: string;
  region: string;
  status: MemberStatusName;
  pending_documents: number;
  contact: string;
  service_staff_id: number | null;
  service_staff_name: string;
  /** Disabled by an operator: cannot log in. */
  disabled: boolean;
  created_at: string;
}

export interface AdminMemberDetail extends AdminMemberRow {
  name: string;
  contact_phone: string;
  address: string;
  business_licence_no: string;
  drug_licence_no: string;
  scope: string[];
  rank: number;
  reject_reason: string;
  contract_signed_at: string | null;
  /** `image` is the operator download URL `/api/admin/documents/{id}/file`. */
  documents: QualificationDocumentView[];
}

/** `POST /api/admin/members/{id}/reject` and `…/documents/{id}/reject`. */
export const rejectSchema = z.object({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(2, { message: '请填写驳回原因' }).max(200),
});

/** `POST /api/admin/members/{id}/scope`. */
export const setScopeSchema = z.object({
  scope: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(z.enum(SCOPE_CLASSES, { error: '经营范围不正确' }), { error: '请选择经营范围' })
      .min(1, { message: '请选择经营范围' })
      .transform((a) => [...new Set(a)]),
  ),
});

/** `POST /api/admin/members/{id}/rank`. */
export const setRankSchema = z.object({
  rank: z.coerce
    .number({ error: '等级必须是数字' })
    .int()
    .min(1, { message: '等级为1-9' })
    .max(9, { message: '等级为1-9' }),
});

/** `POST /api/admin/members/{id}/service_staff`: `staff_id` 0 removes. */
export const setStaffSchema = z.object({
  staff_id: z.coerce
    .number({ error: '请选择客服' })
    .int({ message: '请选择客服' })
    .min(0, { message: '请选择客服' })
    .max(MAX_ID, { message: '客服不存在' }),
});

/** `POST /api/admin/kx_releases`: release a 控销 goods to a company type and/or region prefix. */
export const kxReleaseSchema = z.object({
  goods_id: idSchema,
  buyer_group: z.enum(['', '药店', '诊所', '医院', '批发企业']).default(''),
  region: z.string().trim().max(60).default(''),
});
