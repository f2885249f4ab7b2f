/**
 * The operator's order and return calls (docs/api/admin.md): their inputs, and the list rows
 * of returns (the member's list shares the row, docs/api/order.md).
 */
import { z } from 'zod';
import { idSchema, pageQuerySchema } from '../api.js';
import type { PaymentMethod, OrderStatus } from './status.js';
import type { ReturnSummaryView } from './views.js';
import type { ReturnDetailView } from './views-more.js';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const note = (label: string, max: number) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .max(max, { message: `${label}不能超过${max}个字` }),
  );

/** `GET /api/admin/orders`: status 0–4 (default 1, to ship), keywords = order number or company. */
export const adminOrderListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    (v) => blank(v) ?? 1,
    z.coerce
      .number({ error: '订单状态有误' })
      .int({ message: '订单状态有误' })
      .min(0, { message: '订单状态有误' })
      .max(4, { message: '订单状态有误' }),
  ),
  keywords: z.preprocess(blank, z.string().trim().max(50, { message: '搜索内容不能超过50个字' }).optional()),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** `POST /api/admin/orders/{id}/confirm_payment`: the bank's reference or a note. */
export const confirmPaymentSchema = z.object({ note: note('备注', 100) });

/** Return statuses, in the order a request moves through them. */
export const RETURN_STATUSES = ['pending', 'approved', 'received', 'refunded', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_TEXT: Readonly<Record<ReturnStatus, string>> = {
  pending: '待审核',
  approved: '已同意，待退货',
  received: '已收货，待退款',
  refunded: '已退款',
  rejected: '已拒绝',
};
export const RETURN_KIND_TEXT = { return: '退货退款', after_sales: '售后' } as const;

/** `GET /api/admin/returns`: status (default pending; 'all' for every status). */
export const adminReturnListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    (v) => blank(v) ?? 'pending',
    z.enum([...RETURN_STATUSES, 'all'], { error: '申请状态有误' }),
  ),
});
export type AdminReturnListQuery = z.infer<typeof adminReturnListQuerySchema>;

/** `POST /api/admin/returns/{id}/approve`: an optional remark shown to the member. */
export const returnApproveSchema = z.object({ remark: note('备注', 200) });

/** `POST /api/admin/returns/{id}/reject`: the reason, shown to the member. */
export const returnRejectSchema = z.object({
  reason: z
    .string({ error: '请填写拒绝原因' })
    .trim()
    .min(2, { message: '请填写拒绝原因' })
    .max(200, { message: '拒绝原因不能超过200个字' }),
});

/** `GET …/return/{id}/photo/{n}`: n counts from 1. */
export const returnPhotoParamsSchema = z.object({
  id: idSchema,
  n: z.coerce
    .number({ error: '照片序号有误' })
    .int({ message: '照片序号有误' })
    .min(1, { message: '照片序号有误' })
    .max(5, { message: '照片序号有误' }),
});

/** One row of `GET /api/order/returns` (the member's) and `GET /api/admin/returns`. */
export interface ReturnListItemView extends ReturnSummaryView {
  status: ReturnDetailView['status'];
  order_id: number;
  order_no: string;
  refund_amount: string;
  /** Units asked back over all lines. */
  number: number;
  /** The buyer (operator list only; '' in the member's). */
  member_company: string;
}

/** One row of `GET /api/admin/orders`. */
export interface AdminOrderRowView {
  id: number;
  order_no: string;
  /** 'points' for 积分订单. */
  kind: 'goods' | 'points';
  status: OrderStatus;
  status_text: string;
  member_id: number;
  member_company: string;
  payable: string;
  payment_method: PaymentMethod | '';
  payment_method_text: string;
  line_count: number;
  is_hm: 0 | 1;
  carrier: string;
  tracking_no: string;
  created_at: string;
  paid_at: string;
  shipped_at: string;
}
