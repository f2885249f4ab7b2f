/**
 * The member back office beyond review (docs/api/admin-members.md): licence numbers, a
 * document's number and dates, disabling an account, and the licence-expiry board.
 */
import { z } from 'zod';
import { pageQuerySchema, type Paginated } from './api.js';
import type { DocumentStatus, DocumentType } from './registration.js';

const licenceNo = z.string({ error: '证照编号不正确' }).trim().max(60, { message: '证照编号最多60个字符' });

/** `POST /api/admin/members/{id}/licences`: either number may be left out (kept as it is). */
export const setLicencesSchema = z
  .object({
    business_licence_no: licenceNo.optional(),
    drug_licence_no: licenceNo.optional(),
  })
  .refine((v) => v.business_licence_no !== undefined || v.drug_licence_no !== undefined, {
    message: '请填写证照编号',
    path: ['business_licence_no'],
  });
export type SetLicencesInput = z.infer<typeof setLicencesSchema>;

const isoDate = (msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: msg })
    .refine(
      (s) =>
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      {
        message: msg,
      },
    );

/**
 * `POST /api/admin/documents/{id}`: the fields an operator corrects from the scan. Each may be
 * left out (kept); `valid_from` '' clears it. `valid_to` may lie in the past (an expired
 * document is recorded as it is).
 */
export const editDocumentSchema = z
  .object({
    number: z
      .string({ error: '请输入证件编号' })
      .trim()
      .min(1, { message: '请输入证件编号' })
      .max(60)
      .optional(),
    valid_from: z.union([z.literal(''), isoDate('请输入正确的发证日期（YYYY-MM-DD）')]).optional(),
    valid_to: isoDate('请输入正确的有效期（YYYY-MM-DD）').optional(),
  })
  .refine((v) => v.number !== undefined || v.valid_from !== undefined || v.valid_to !== undefined, {
    message: '请填写要修改的内容',
    path: ['number'],
  });
export type EditDocumentInput = z.infer<typeof editDocumentSchema>;

/** `POST /api/admin/members/{id}/disable`: the reason is kept in the audit log and told to the member. */
export const disableMemberSchema = z.object({
  reason: z.string({ error: '请填写停用原因' }).trim().min(2, { message: '请填写停用原因' }).max(200),
});

/** The message a disabled member sees at login. */
export const MEMBER_DISABLED_MESSAGE = '账号已停用，请联系客服';

/** The licence-expiry board's buckets: expired, and expiring within 30, 60 or 90 days (cumulative). */
export const LICENCE_BUCKETS = ['expired', '30', '60', '90'] as const;
export type LicenceBucket = (typeof LICENCE_BUCKETS)[number];
export const LICENCE_BUCKET_LABELS: Record<LicenceBucket, string> = {
  expired: '已过期',
  '30': '30天内到期',
  '60': '60天内到期',
  '90': '90天内到期',
};

/** `GET /api/admin/licences/expiring?within=30`. */
export const licenceExpiringQuerySchema = pageQuerySchema.extend({
  within: z.enum(LICENCE_BUCKETS, { error: '到期范围不正确' }).default('30'),
  keyword: z.string().trim().max(50).optional(),
});
export type LicenceExpiringQuery = z.infer<typeof licenceExpiringQuerySchema>;

/** One document on the licence-expiry board. */
export interface LicenceExpiringRow {
  document_id: number;
  member_id: number;
  username: string;
  company: string;
  phone: string;
  type: DocumentType;
  type_name: string;
  number: string;
  valid_to: string;
  status: DocumentStatus;
  /** Negative when expired. */
  days_left: number;
  /** The operator file URL `/api/admin/documents/{id}/file`. */
  file: string;
}

export interface LicenceExpiringBoard extends Paginated<LicenceExpiringRow> {
  within: LicenceBucket;
  /** Documents per bucket (d60 includes d30, d90 includes d60). */
  counts: { expired: number; d30: number; d60: number; d90: number };
}

/** Which bucket's upper bound in days a `within` value means (-1: already expired). */
export function bucketDays(within: LicenceBucket): number {
  return within === 'expired' ? -1 : Number(within);
}
