import { sql } from 'drizzle-orm';
import type { InvoiceType, OrderStatus, PaymentMethod } from '@kc/domain';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members, uploadedFiles } from '../account/schema.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The delivery address as it was when the order was placed. */
export interface AddressSnapshot {
  consignee: string;
  phone: string;
  region: string;
  address: string;
}

export interface InvoiceSnapshot {
  type: InvoiceType;
  title: string;
  taxNo: string;
  bank: string;
  account: string;
  address: string;
  phone: string;
}

/** Who bought 含麻 goods: recorded before payment. */
export interface HmPurchaser {
  name: string;
  idNo: string;
  phone: string;
  recordedAt: string;
}

/**
 * Orders. One checkout is one order whatever the warehouses (docs/decisions/030); its lines
 * carry their warehouse. Amounts in fen; `status` follows ORDER_STATUS.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** 'goods' (bought with money) or 'points' (积分订单, exchanged for points). */
    kind: text('kind').$type<'goods' | 'points'>().notNull().default('goods'),
    status: integer('status').$type<OrderStatus>().notNull().default(0),
    isHm: boolean('is_hm').notNull().default(false),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    invoice: jsonb('invoice').$type<InvoiceSnapshot>().notNull(),
    remark: text('remark').notNull().default(''),
    listAmount: integer('list_amount').notNull(),
    tierSaving: integer('tier_saving').notNull().default(0),
    discountSaving: integer('discount_saving').notNull().default(0),
    goodsAmount: integer('goods_amount').notNull(),
    manjianAmount: integer('manjian_amount').notNull().default(0),
    couponAmount: integer('coupon_amount').notNull().default(0),
    voucherAmount: integer('voucher_amount').notNull().default(0),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    payable: integer('payable').notNull(),
    /** Points spent (points orders). */
    pointsAmount: integer('points_amount').notNull().default(0),
    couponId: integer('coupon_id'),
    voucherId: integer('voucher_id'),
    paymentMethod: text('payment_method').$type<PaymentMethod | ''>().notNull().default(''),
    paidAmount: integer('paid_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    paidAt: at('paid_at'),
    /** Unpaid orders cancel themselves at this time (the expiry job). */
    expiresAt: at('expires_at').notNull(),
    carrier: text('carrier').notNull().default(''),
    trackingNo: text('tracking_no').notNull().default(''),
    shippedAt: at('shipped_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    cancelReason: text('cancel_reason').notNull().default(''),
    /** Lots confirmed by the warehouse (FEFO proposed; an override carries its reason). */
    allocatedAt: at('allocated_at'),
    allocatedBy: integer('allocated_by'),
    allocationNote: text('allocation_note').notNull().default(''),
    pointsAwarded: integer('points_awarded').notNull().default(0),
    /** The activities that priced this order (满减, 94折, 满返, 秒杀, 特价, 买赠): the activity report. */
    activityIds: integer('activity_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    hmPurchaser: jsonb('hm_purchaser').$type<HmPurchaser>(),
    hmReceiptFileId: integer('hm_receipt_file_id').references(() => uploadedFiles.id),
    hmReceiptAt: at('hm_receipt_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    index('orders_member_idx').on(t.memberId, t.kind, t.status, t.id),
    index('orders_activity_ids_idx').using('gin', t.activityIds),
    index('orders_member_created_idx').on(t.memberId, t.createdAt),
    // The expiry job looks only at unpaid orders; the operator's queue at paid ones.
    index('orders_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 0`),
    index('orders_status_idx').on(t.status, t.id),
    index('orders_shipped_idx')
      .on(t.shippedAt)
      .where(sql`status = 2`),
  ],
);

/** Order lines: a snapshot of the goods as sold, with what the line paid. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id').notNull(),
    /** The combination this line was sold in (组合), or null. */
    combinationId: integer('combination_id'),
    combinationName: text('combination_name').notNull().default(''),
    /** Points orders: the points-mall gift this line redeems. */
    pointsGoodsId: integer('points_goods_id'),
    /** The flash sale or daily special that priced this line, or null. */
    activityId: integer('activity_id'),
    name: text('name').notNull(),
    ypgg: text('ypgg').notNull(),
    sccj: text('sccj').notNull(),
    bzdw: text('bzdw').notNull(),
    approvalNo: text('approval_no').notNull().default(''),
    image: text('image').notNull().default(''),
    ckId: integer('ck_id').notNull(),
    warehouse: text('warehouse').notNull().default(''),
    isHm: boolean('is_hm').notNull().default(false),
    /** A same-goods gift (买N赠M同品): shipped at no charge, drawn from stock like any line. */
    isGift: boolean('is_gift').notNull().default(false),
    /** Another gift or sample that comes with the line (赠品), not kept in stock. */
    giftName: text('gift_name').notNull().default(''),
    giftNumber: integer('gift_number').notNull().default(0),
    rawPrice: integer('raw_price').notNull(),
    unitPrice: integer('unit_price').notNull(),
    number: integer('number').notNull(),
    amount: integer('amount').notNull(),
    manjianAmount: integer('manjian_amount').notNull().default(0),
    couponAmount: integer('coupon_amount').notNull().default(0),
    voucherAmount: integer('voucher_amount').notNull().default(0),
    payAmount: integer('pay_amount').notNull(),
    /** Units refunded by returns. */
    returnedNumber: integer('returned_number').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_goods_idx').on(t.goodsId)],
);

/** Which lots each line was drawn from (batch and expiry of every unit sold). */
export const orderLineLots = pgTable(
  'order_line_lots',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id').notNull(),
    lotId: integer('lot_id').notNull(),
    batchNo: text('batch_no').notNull(),
    producedOn: date('produced_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    number: integer('number').notNull(),
  },
  (t) => [
    index('order_line_lots_order_idx').on(t.orderId),
    index('order_line_lots_line_idx').on(t.orderLineId),
  ],
);

/** The order's timeline: placed, paid, shipped (carrier, tracking), received, cancelled, returns. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    actor: text('actor').$type<'member' | 'operator' | 'system'>().notNull().default('member'),
    /** Logistics events are the parcel's timeline. */
    logistics: boolean('logistics').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Idempotency keys of order placement: one key is one order. The key is claimed in the
 * placing transaction, so a concurrent retry waits for it and then reads the same order.
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    memberId: integer('member_id').notNull(),
    key: text('key').notNull(),
    bodyHash: text('body_hash').notNull(),
    orderId: integer('order_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);

/** Return and after-sales requests. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    returnNo: text('return_no').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').$type<'return' | 'after_sales'>().notNull(),
    status: text('status').$type<'pending' | 'approved' | 'received' | 'refunded' | 'rejected'>().notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    photoFileIds: integer('photo_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    refundAmount: integer('refund_amount').notNull().default(0),
    adminRemark: text('admin_remark').notNull().default(''),
    /** [{ time, text }] oldest first. */
    timeline: jsonb('timeline').$type<{ at: string; text: string }[]>().notNull().default([]),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('return_requests_no_uq').on(t.returnNo),
    index('return_requests_member_idx').on(t.memberId, t.id),
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_status_idx').on(t.status, t.id),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    number: integer('number').notNull(),
    refundAmount: integer('refund_amount').notNull(),
  },
  (t) => [index('return_lines_return_idx').on(t.returnId), index('return_lines_line_idx').on(t.orderLineId)],
);
