/**
 * Quality-inspection reports (质检报告, issue 14 §8): one per goods and batch, uploaded by the
 * warehouse (PDF or image), found by buyers by goods and batch, on the goods page and from
 * their orders' lines.
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema } from './api.js';

/** What an upload may be: a PDF or a photo of the paper report, at most 5 MB (the upload rule). */
export const QI_REPORT_RULES = {
  field: 'file',
  maxBytes: 5 * 1024 * 1024,
  types: ['pdf', 'jpg', 'png'],
} as const;

const text = (label: string, max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .max(max, { message: `${label}不能超过${max}个字` }),
  );

/** A batch number as lots carry it: letters, digits and - / . only. */
export const batchNoSchema = z.preprocess(
  (v) => (v == null ? '' : v),
  z
    .string({ error: '批号格式有误' })
    .trim()
    .min(1, { message: '请填写批号' })
    .max(40, { message: '批号不能超过40个字' })
    .regex(/^[0-9A-Za-z][0-9A-Za-z\-/.]*$/, { message: '批号只能包含字母、数字和 - / .' }),
);

/** `GET /api/qi_reports`: by goods (name, pinyin initials, maker or approval number) and batch. */
export const qiReportSearchSchema = pageQuerySchema.extend({
  keyword: text('关键字', 50),
  batch_no: text('批号', 40),
});
export type QiReportSearch = z.infer<typeof qiReportSearchSchema>;

/** `POST /api/admin/goods/:id/qi_reports` (multipart): the batch and the `file`. */
export const qiReportUploadSchema = z.object({ batch_no: batchNoSchema });

/** `GET /api/admin/qi_reports`. */
export const adminQiReportListSchema = pageQuerySchema.extend({
  goods_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), idSchema.optional()),
  keyword: text('关键字', 50),
});
export type AdminQiReportListQuery = z.infer<typeof adminQiReportListSchema>;

/** One report as buyers and operators see it. */
export interface QiReportView {
  id: number;
  goods: { id: number; name: string; ypgg: string; sccj: string; approval_no: string };
  batch_no: string;
  /** The batch's dates when the lot is known ('' otherwise). */
  produced_on: string;
  expires_on: string;
  uploaded_at: string;
  /** `application/pdf`, `image/jpeg` or `image/png`. */
  mime: string;
  /** Members: `/api/qi_reports/:id/file`; operators: `/api/admin/qi_reports/:id/file`. */
  file_url: string;
}
