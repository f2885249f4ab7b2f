/**
 * The sales register (销售记录) and the 含麻 register (含麻药品销售登记). READ-ONLY SQL over
 * orders, order lines, their lots and members (see report.ts).
 *
 * A sale is recorded when the goods leave the warehouse (GSP: the sales record follows the
 * outbound check), so both registers list the lots of SHIPPED orders dated by `shipped_at`.
 * A paid order not yet shipped can still be cancelled or given other lots, and is not a sale
 * yet; once shipped an order cannot be cancelled, so a row never leaves the register. Returns
 * are in the stock ledger (kind 退货), not subtracted here.
 */
import { sql } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  HM_REPORT_COLUMNS,
  SALES_REPORT_COLUMNS,
  type HmReportRow,
  type ReportQuery,
  type ReportRange,
  type SalesReportQuery,
  type SalesReportRow,
} from '@kc/domain';
import { maskIdNo } from '../../modules/order/hm.js';
import type { HmPurchaser } from '../../modules/order/schema.js';
import { allOf, contains, type KeyedRow, type Report } from './report.js';

const LOTS = sql`from order_line_lots x
  join order_lines l on l.id = x.order_line_id
  join orders o on o.id = x.order_id
  join members m on m.id = o.member_id`;
const shippedIn = (range: ReportRange) => sql`o.shipped_at >= ${range.start} and o.shipped_at < ${range.end}`;

interface SalesRaw extends KeyedRow {
  sold_at: string;
  order_no: string;
  member_id: number;
  company: string;
  goods_id: number;
  name: string;
  approval_no: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  batch_no: string;
  produced_on: string;
  expires_on: string;
  number: number;
  unit_price: number;
  is_gift: boolean;
}

export const salesReport: Report<SalesReportQuery, SalesRaw, SalesReportRow> = {
  name: 'sales',
  columns: SALES_REPORT_COLUMNS,
  select: sql`x.id, o.shipped_at as sold_at, o.order_no, o.member_id, m.company, l.goods_id, l.name, l.approval_no,
    l.sccj, l.ypgg, l.bzdw, x.batch_no, x.produced_on::text as produced_on, x.expires_on::text as expires_on,
    x.number, l.unit_price, l.is_gift`,
  source(q, range) {
    const k = q.keyword ? contains(q.keyword) : null;
    return sql`${LOTS} where ${allOf([
      shippedIn(range),
      !!q.member && sql`o.member_id = ${q.member}`,
      !!k &&
        sql`(l.name like ${k} or l.approval_no like ${k} or l.sccj like ${k} or x.batch_no like ${k}
          or o.order_no like ${k} or m.company like ${k})`,
    ])}`;
  },
  at: sql`o.shipped_at`,
  id: sql`x.id`,
  view: (r) => ({
    id: r.id,
    sold_at: chinaDateTime(r.sold_at),
    order_no: r.order_no,
    member_id: r.member_id,
    company: r.company,
    goods_id: r.goods_id,
    name: r.name,
    approval_no: r.approval_no,
    sccj: r.sccj,
    ypgg: r.ypgg,
    bzdw: r.bzdw,
    batch_no: r.batch_no,
    produced_on: r.produced_on,
    expires_on: r.expires_on,
    number: r.number,
    unit_price: fenToYuan(r.unit_price),
    amount: fenToYuan(r.unit_price * r.number),
    is_gift: r.is_gift ? 1 : 0,
  }),
};

interface HmRaw extends KeyedRow {
  sold_at: string;
  order_id: number;
  order_no: string;
  company: string;
  hm_purchaser: HmPurchaser | null;
  name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  batch_no: string;
  expires_on: string;
  number: number;
  receipt: boolean;
  hm_receipt_at: string | null;
}

export const hmReport: Report<ReportQuery, HmRaw, HmReportRow> = {
  name: 'hm',
  columns: HM_REPORT_COLUMNS,
  select: sql`x.id, o.shipped_at as sold_at, o.id as order_id, o.order_no, m.company, o.hm_purchaser, l.name, l.ypgg,
    l.sccj, l.approval_no, x.batch_no, x.expires_on::text as expires_on, x.number,
    (o.hm_receipt_file_id is not null) as receipt, o.hm_receipt_at`,
  source(q, range) {
    const k = q.keyword ? contains(q.keyword) : null;
    return sql`${LOTS} where ${allOf([
      shippedIn(range),
      sql`l.is_hm`,
      !!k &&
        sql`(l.name like ${k} or x.batch_no like ${k} or o.order_no like ${k} or m.company like ${k}
          or o.hm_purchaser->>'name' like ${k})`,
    ])}`;
  },
  at: sql`o.shipped_at`,
  id: sql`x.id`,
  view: (r, full) => {
    const p = r.hm_purchaser;
    return {
      id: r.id,
      sold_at: chinaDateTime(r.sold_at),
      order_no: r.order_no,
      order_id: r.order_id,
      company: r.company,
      purchaser_name: p?.name ?? '',
      // The list masks the ID number (screens are seen over shoulders); the export, the
      // inspector's document, has it whole. Both need report.read.
      purchaser_id_no: p ? (full ? p.idNo : maskIdNo(p.idNo)) : '',
      purchaser_phone: p?.phone ?? '',
      name: r.name,
      ypgg: r.ypgg,
      sccj: r.sccj,
      approval_no: r.approval_no,
      batch_no: r.batch_no,
      expires_on: r.expires_on,
      number: r.number,
      receipt: r.receipt ? 1 : 0,
      receipt_at: chinaDateTime(r.hm_receipt_at),
      receipt_text: r.receipt ? '已上传回执' : '未上传回执',
    };
  },
};
