/**
 * The purchase side: lot receipts (购进记录) and the stock ledger (库存台账). READ-ONLY SQL
 * over goods, goods_lots, stock_movements and operators (see report.ts). Goods taken off sale
 * stay in both: the rows are never filtered by `on_shelf`.
 */
import { sql } from 'drizzle-orm';
import {
  chinaDateTime,
  fenToYuan,
  PURCHASE_REPORT_COLUMNS,
  STOCK_LEDGER_COLUMNS,
  STOCK_MOVEMENT_LABELS,
  type PurchaseReportQuery,
  type PurchaseReportRow,
  type StockLedgerQuery,
  type StockLedgerRow,
} from '@kc/domain';
import { allOf, contains, type KeyedRow, type Report } from './report.js';

/** Seeded, imported and migrated opening stock has no receiving operator. */
const NO_RECEIVER = '期初/导入';

interface PurchaseRaw extends KeyedRow {
  received_at: string;
  supplier: string;
  goods_id: number;
  name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  batch_no: string;
  produced_on: string;
  expires_on: string;
  received_quantity: number;
  unit_cost: number;
  receiver: string | null;
}

export const purchaseReport: Report<PurchaseReportQuery, PurchaseRaw, PurchaseReportRow> = {
  name: 'purchases',
  columns: PURCHASE_REPORT_COLUMNS,
  select: sql`lt.id, lt.received_at, lt.supplier, g.id as goods_id, g.name, g.ypgg, g.sccj, g.approval_no, lt.batch_no,
    lt.produced_on::text as produced_on, lt.expires_on::text as expires_on, lt.received_quantity, lt.unit_cost,
    coalesce(nullif(op.name, ''), op.username) as receiver`,
  source(q, range) {
    const k = q.keyword ? contains(q.keyword) : null;
    return sql`from goods_lots lt join goods g on g.id = lt.goods_id left join operators op on op.id = lt.received_by
      where ${allOf([
        sql`lt.received_at >= ${range.start} and lt.received_at < ${range.end}`,
        !!q.supplier && sql`lt.supplier like ${contains(q.supplier)}`,
        !!k &&
          sql`(g.name like ${k} or g.trade_name like ${k} or g.approval_no like ${k} or g.sccj like ${k}
            or lt.batch_no like ${k})`,
      ])}`;
  },
  at: sql`lt.received_at`,
  id: sql`lt.id`,
  view: (r) => ({
    id: r.id,
    received_at: chinaDateTime(r.received_at),
    supplier: r.supplier,
    goods_id: r.goods_id,
    name: r.name,
    ypgg: r.ypgg,
    sccj: r.sccj,
    approval_no: r.approval_no,
    batch_no: r.batch_no,
    produced_on: r.produced_on,
    expires_on: r.expires_on,
    received_quantity: r.received_quantity,
    unit_cost: fenToYuan(r.unit_cost),
    amount: fenToYuan(r.unit_cost * r.received_quantity),
    receiver: r.receiver ?? NO_RECEIVER,
  }),
};

interface LedgerRaw extends KeyedRow {
  created_at: string;
  goods_id: number;
  name: string;
  ypgg: string;
  sccj: string;
  batch_no: string | null;
  kind: string;
  quantity: number;
  stock_after: number;
  lot_after: number | null;
  reason: string;
  ref: string;
  operator: string | null;
}

export const stockLedgerReport: Report<StockLedgerQuery, LedgerRaw, StockLedgerRow> = {
  name: 'stock_ledger',
  columns: STOCK_LEDGER_COLUMNS,
  select: sql`sm.id, sm.created_at, sm.goods_id, g.name, g.ypgg, g.sccj, lt.batch_no, sm.kind, sm.quantity,
    sm.stock_after, sm.lot_after, sm.reason, sm.ref, coalesce(nullif(op.name, ''), op.username) as operator`,
  source(q, range) {
    const k = q.keyword ? contains(q.keyword) : null;
    return sql`from stock_movements sm join goods g on g.id = sm.goods_id
      left join goods_lots lt on lt.id = sm.lot_id left join operators op on op.id = sm.operator_id
      where ${allOf([
        sql`sm.created_at >= ${range.start} and sm.created_at < ${range.end}`,
        !!q.goods_id && sql`sm.goods_id = ${q.goods_id}`,
        !!q.kind && sql`sm.kind = ${q.kind}`,
        !!k &&
          sql`(g.name like ${k} or g.approval_no like ${k} or lt.batch_no like ${k} or sm.ref like ${k}
            or sm.reason like ${k})`,
      ])}`;
  },
  at: sql`sm.created_at`,
  id: sql`sm.id`,
  view: (r) => ({
    id: r.id,
    created_at: chinaDateTime(r.created_at),
    goods_id: r.goods_id,
    name: r.name,
    ypgg: r.ypgg,
    sccj: r.sccj,
    batch_no: r.batch_no ?? '',
    kind: r.kind,
    kind_text: STOCK_MOVEMENT_LABELS[r.kind as keyof typeof STOCK_MOVEMENT_LABELS] ?? r.kind,
    quantity: r.quantity,
    stock_after: r.stock_after,
    lot_after: r.lot_after,
    reason: r.reason,
    ref: r.ref,
    operator: r.operator ?? '',
  }),
};
