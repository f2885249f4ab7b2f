/**
 * E-invoices (电子发票, issue 14): one per paid order that asked for one, issued by 财务 through
 * the e-invoice provider; a refund after issue cancels it with a red invoice (红冲) and issues
 * the rest again. Input schemas shared by the server and both web apps, the state codes with
 * their labels, and the views the calls answer.
 */
import { z } from 'zod';
import { idListSchema, pageQuerySchema } from './api.js';
import type { InvoiceType } from './order/status.js';

/** VAT on medicines and medical devices sold by a general taxpayer: 13 %. */
export const VAT_PERCENT = 13;

/**
 * The VAT inside a tax-included amount in fen (价税合计 × 13 / 113), rounded half away from zero
 * to the fen as the tax platform does; a red (negative) amount gives the negative tax.
 */
export function vatOf(amountWithTax: number): number {
  const sign = amountWithTax < 0 ? -1 : 1;
  const abs = Math.abs(amountWithTax);
  return sign * Math.floor((abs * VAT_PERCENT * 2 + (100 + VAT_PERCENT)) / ((100 + VAT_PERCENT) * 2));
}

/**
 * An order's invoice as the buyer sees it: 开具中 while it waits for 财务 (or for its re-issue
 * after a refund), 已开具 when the invoice in force covers what was paid and kept, 已红冲 when
 * the order was refunded in full and its invoice cancelled.
 */
export const ORDER_INVOICE_STATES = { issuing: '开具中', issued: '已开具', flushed: '已红冲' } as const;
export type OrderInvoiceState = keyof typeof ORDER_INVOICE_STATES;

/** One invoice document: blue (蓝字) or red (红字, cancelling a blue one). */
export const INVOICE_KINDS = { blue: '蓝字发票', red: '红字发票' } as const;
export type InvoiceKind = keyof typeof INVOICE_KINDS;

/** A document's own state: requested at the provider, issued, or (a blue one) cancelled by a red one. */
export const INVOICE_DOC_STATES = { issuing: '开具中', issued: '已开具', flushed: '已红冲' } as const;
export type InvoiceDocState = keyof typeof INVOICE_DOC_STATES;

/** The operator's queue filter: waiting for a first invoice, waiting for 红冲重开, issued, or all. */
export const ADMIN_INVOICE_QUEUES = {
  pending: '待开票',
  reissue: '待红冲重开',
  issued: '已开具',
  flushed: '已红冲',
} as const;
export type AdminInvoiceQueue = keyof typeof ADMIN_INVOICE_QUEUES;

const filter = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' || v == null ? undefined : v), schema.optional());

const keyword = z.preprocess(
  (v) => (v == null ? '' : v),
  z.string({ error: '关键字格式有误' }).trim().max(50, { message: '关键字不能超过50个字' }),
);

/** `GET /api/user/invoices`: the member's orders that asked for an invoice, newest first. */
export const memberInvoiceListQuerySchema = pageQuerySchema.extend({
  status: filter(z.enum(['issuing', 'issued', 'flushed'], { error: '状态有误' })),
  /** Part of an order number or an invoice number. */
  keyword,
});
export type MemberInvoiceListQuery = z.infer<typeof memberInvoiceListQuerySchema>;

/** `GET /api/admin/invoices`. */
export const adminInvoiceListQuerySchema = pageQuerySchema.extend({
  queue: filter(z.enum(['pending', 'reissue', 'issued', 'flushed'], { error: '状态有误' })),
  /** Order number, invoice number, invoice title or tax number. */
  keyword,
});
export type AdminInvoiceListQuery = z.infer<typeof adminInvoiceListQuerySchema>;

/** `POST /api/admin/invoices/issue`: the orders to issue (or 红冲重开) now. */
export const invoiceIssueSchema = z.object({ order_ids: idListSchema });
export type InvoiceIssueInput = z.infer<typeof invoiceIssueSchema>;

/** One invoice document as both the buyer and 财务 see it. Amounts in yuan. */
export interface InvoiceDocView {
  id: number;
  kind: InvoiceKind;
  kind_text: string;
  status: InvoiceDocState;
  status_text: string;
  /** 全电发票号码 once issued, '' before. */
  invoice_no: string;
  /** 价税合计; negative on a red invoice. */
  amount: string;
  tax: string;
  issued_at: string;
  /** A red invoice: the number of the blue one it cancels. */
  red_of_no: string;
  /** The PDF (members: their own only), '' until issued. */
  pdf_url: string;
  /** Issued by the development provider: not a real invoice. */
  development: boolean;
  /** Why the provider refused the last try ('' when it did not). */
  error: string;
}

/** An order's invoice (`GET /api/user/invoices`, `GET /api/admin/invoices`). */
export interface OrderInvoiceView {
  order_id: number;
  order_no: string;
  order_status_text: string;
  ordered_at: string;
  type: Exclude<InvoiceType, 0>;
  type_text: string;
  title: string;
  tax_no: string;
  /** What the order's invoice must cover now: paid less refunded (0 once cancelled or refunded in full). */
  amount: string;
  status: OrderInvoiceState;
  status_text: string;
  /** Oldest first. */
  documents: InvoiceDocView[];
}

/** The operator's row adds the member and the queue it is in. */
export interface AdminOrderInvoiceView extends OrderInvoiceView {
  member_id: number;
  company: string;
  queue: AdminInvoiceQueue;
  queue_text: string;
  /** For 专用发票: the buyer's bank, account, address and phone as the order recorded them. */
  bank: string;
  account: string;
  address: string;
  phone: string;
}

/** `POST /api/admin/invoices/issue`: what happened to each order. */
export interface InvoiceIssueResult {
  order_id: number;
  order_no: string;
  /** issued: a new invoice; reissued: red-flushed and issued again; flushed: red-flushed only; unchanged: nothing to do; failed: the provider refused. */
  result: 'issued' | 'reissued' | 'flushed' | 'unchanged' | 'failed';
  message: string;
}
