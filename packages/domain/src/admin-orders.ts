/**
 * The back office's orders and after-sales (issue 12 item 5, docs/api/admin-orders.md): the
 * list filters, lot allocation, cancelling, the returns queue filters and the replies.
 */
import { z } from 'zod';
import { idListSchema, idSchema, pageQuerySchema } from './api.js';
import { parseChinaTime } from './time.js';
import { RETURN_STATUSES } from './order/admin-schemas.js';
import { PAYMENT_METHODS, type OrderStatus, type PaymentMethod } from './order/status.js';
import type { OrderDetailView } from './order/views.js';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const day = (label: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(parseChinaTime(s)), {
        message: `${label}格式有误`,
      })
      .optional(),
  );

const text = (label: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(max, { message: `${label}不能超过${max}个字` })
      .optional(),
  );

/** Day range and member filters shared by the orders and returns queues (China dates). */
const rangeAndMember = {
  /** First day, 'YYYY-MM-DD' China time (from 00:00). */
  start_date: day('开始日期'),
  /** Last day, 'YYYY-MM-DD' China time (through 23:59:59). */
  end_date: day('结束日期'),
  /** A member id (digits) or part of the company name / the username. */
  member: text('会员', 50),
};

const checkRange = (q: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
  if (q.start_date && q.end_date && q.start_date > q.end_date)
    ctx.addIssue({ code: 'custom', message: '开始日期不能晚于结束日期', path: ['end_date'] });
};

/**
 * `GET /api/admin/orders`: status 0–4 (default 1 待发货, 'all' every status), keywords (order
 * number, username or company), order_no (exact), member, payment_method, is_hm, date range.
 */
export const adminOrderFilterSchema = pageQuerySchema
  .extend({
    status: z.preprocess(
      (v) => blank(v) ?? 1,
      z.union([
        z.literal('all'),
        z.coerce
          .number({ error: '订单状态有误' })
          .int({ message: '订单状态有误' })
          .min(0, { message: '订单状态有误' })
          .max(4, { message: '订单状态有误' }),
      ]),
    ),
    keywords: text('搜索内容', 50),
    order_no: text('订单号', 40),
    payment_method: z.preprocess(
      blank,
      z
        .enum(Object.keys(PAYMENT_METHODS) as [PaymentMethod, ...PaymentMethod[]], { error: '支付方式有误' })
        .optional(),
    ),
    is_hm: z.preprocess(
      blank,
      z.coerce
        .number()
        .refine((n) => n === 0 || n === 1, { message: '含麻筛选有误' })
        .optional(),
    ),
    ...rangeAndMember,
  })
  .superRefine(checkRange);
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

/** `GET /api/admin/returns`: status (default pending, 'all'), date range, member, keywords (TH/order number). */
export const adminReturnFilterSchema = pageQuerySchema
  .extend({
    status: z.preprocess(
      (v) => blank(v) ?? 'pending',
      z.enum([...RETURN_STATUSES, 'all'], { error: '申请状态有误' }),
    ),
    keywords: text('搜索内容', 50),
    ...rangeAndMember,
  })
  .superRefine(checkRange);
export type AdminReturnFilter = z.infer<typeof adminReturnFilterSchema>;

/** A form-encoded list arrives as an array, or as an object keyed by index past 20 items (qs). */
const listOf = <T extends z.ZodType>(item: T, empty: string, max: number, tooMany: string) =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
    z.array(item, { error: empty }).min(1, { message: empty }).max(max, { message: tooMany }),
  );

const count = z.coerce
  .number({ error: '数量必须是数字' })
  .int({ message: '数量必须是整数' })
  .positive({ message: '数量必须大于0' })
  .max(1_000_000, { message: '数量过大' });

/**
 * `POST /api/admin/orders/{id}/allocate`: each line's lots and units. The same lots as drawn at
 * placement (the FEFO proposal) need no reason; any change needs one.
 */
export const allocateOrderSchema = z.object({
  lines: listOf(
    z.object({
      line_id: idSchema,
      lots: listOf(
        z.object({ lot_id: idSchema, number: count }),
        '每个商品至少选择一个批号',
        50,
        '一个商品最多分配50个批号',
      ),
    }),
    '请选择要分配批号的商品',
    300,
    '一次最多分配300个商品',
  ),
  reason: z.preprocess(
    (v) => (v == null ? '' : v),
    z.string().trim().max(200, { message: '原因不能超过200个字' }),
  ),
});
export type AllocateOrderInput = z.infer<typeof allocateOrderSchema>;

/** `POST /api/admin/orders/{id}/cancel`: the reason, shown to the member. */
export const adminCancelOrderSchema = z.object({
  reason: z
    .string({ error: '请填写取消原因' })
    .trim()
    .min(2, { message: '请填写取消原因' })
    .max(200, { message: '取消原因不能超过200个字' }),
});

/** `GET /api/admin/pick_list?ids[]=…`: the orders to pick together (100 at most). */
export const pickListQuerySchema = z.object({
  ids: idListSchema.pipe(z.array(z.number()).max(100, { message: '一次最多打印100个订单' })),
});

/** One lot of a line: drawn (number) or offered (quantity it could give this line). */
export interface AllocationLotView {
  lot_id: number;
  batch_no: string;
  produced_on: string;
  expires_on: string;
  number: number;
}

/** `GET /api/admin/orders/{id}/allocation`. */
export interface AllocationView {
  order_id: number;
  order_no: string;
  status: OrderStatus;
  /** 1 when the order may still be allocated (待发货). */
  editable: 0 | 1;
  /**
   * The buyer's shelf-life floor in months (0 = none, decision 064): the FEFO proposal draws
   * only lots above it, and no units may be moved onto a lot under it.
   */
  shelf_months: number;
  /** 1 once the warehouse confirmed the lots (or shipping confirmed the FEFO proposal). */
  allocated: 0 | 1;
  allocated_at: string;
  allocated_by: string;
  note: string;
  lines: {
    line_id: number;
    goods_id: number;
    name: string;
    ypgg: string;
    sccj: string;
    bzdw: string;
    number: number;
    /** The lots the line holds now (at placement: FEFO). */
    current: AllocationLotView[];
    /** The FEFO proposal over every lot the line could take now. */
    fefo: AllocationLotView[];
    /** Every lot of the goods the line could take: `quantity` = free units + what this order holds. */
    lots: (Omit<AllocationLotView, 'number'> & {
      quantity: number;
      expired: 0 | 1;
      /** 1: not expired but under the buyer's shelf-life floor (`shelf_months`). */
      below_floor: 0 | 1;
    })[];
  }[];
}

/** The allocation state shown in the order detail. */
export interface AllocationStateView {
  allocated: 0 | 1;
  allocated_at: string;
  allocated_by: string;
  note: string;
}

/** `GET /api/admin/orders/{id}`: the member's detail plus what the back office needs. */
export interface AdminOrderDetailView extends OrderDetailView {
  member_id: number;
  member_username: string;
  kind: 'goods' | 'points';
  allocation: AllocationStateView;
  /** Lots per line with their lot ids (the detail's `lines[].lots` carry none). */
  line_lots: Record<number, AllocationLotView[]>;
  payments: {
    payment_no: string;
    method: PaymentMethod;
    method_text: string;
    amount: string;
    status: 'pending' | 'paid' | 'closed' | 'refunded';
    status_text: string;
    trade_no: string;
    created_at: string;
    paid_at: string;
  }[];
  /** The back-office events with their actor (member, operator, system). */
  timeline: { time: string; text: string; actor: 'member' | 'operator' | 'system' }[];
}
