/** Operator review of members (docs/api/admin.md): input schemas and reply types. */
import { z } from 'zod';
import { MAX_ID, idSchema, pageQuerySchema } from './api.js';
import type { QualificationDocumentView, MemberStatusName } from './registration.js';
import { MEMBER_STATUSES, SCOPE_CLASSES } from './registration.js';

/** `GET /api/admin/members?status=pending`. */
export const adminMemberListQuerySchema = pageQuerySchema.extend({
  status: z.enum(MEMBER_STATUSES, { error: '状态不正确' }).default('pending'),
  keyword: z.string().trim().max(50).optional(),
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
  created_at: string;
}

export interface AdminMemberDetail extends AdminMemberRow {
  name: string;
  contact: string;
  contact_phone: string;
  address: string;
  business_licence_no: string;
  drug_licence_no: string;
  scope: string[];
  rank: number;
  service_staff_id: number | null;
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
