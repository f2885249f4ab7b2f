/**
 * Compliance records for an inspector (GSP Art. 89–92, 含麻 rules; docs/api/admin-reports.md):
 * the report queries, the date range rule, the row views and the columns the export and the
 * back-office tables share.
 */
import { z } from 'zod';
import { STOCK_MOVEMENT_KINDS } from './admin-catalog.js';
import { MAX_ID, pageQuerySchema } from './api.js';
import { chinaDate, parseChinaTime } from './time.js';

/** The longest range one report call covers (a year, leap day included). */
export const REPORT_MAX_DAYS = 366;
/** Rows read per query while an export streams: memory stays bounded whatever the range. */
export const REPORT_BATCH = 2000;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const chinaDay = (label: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: `${label}格式有误` })
      .trim()
      .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(parseChinaTime(s)), {
        message: `${label}格式有误，应为YYYY-MM-DD`,
      })
      .optional(),
  );

const keyword = (label: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(50, { message: `${label}不能超过50个字` })
      .optional(),
  );

const optionalId = (label: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `${label}必须是数字` })
      .int({ message: `${label}必须是整数` })
      .positive({ message: `${label}必须是正整数` })
      .max(MAX_ID, { message: `${label}不存在` })
      .optional(),
  );

/** `limit` is accepted for `page_size`. */
const limitAlias = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return o.page_size === undefined && o.limit !== undefined ? { ...o, page_size: o.limit } : o;
};

const reportBase = pageQuerySchema.extend({
  from: chinaDay('开始日期'),
  to: chinaDay('结束日期'),
  keyword: keyword('关键词'),
  format: z.preprocess(blank, z.enum(['xlsx', 'csv'], { error: '导出格式只能是xlsx或csv' }).optional()),
});

/** A report's query: a China-date range (to inclusive), keyword, paging and the export format, plus `shape`. */
const reportQuery = <S extends z.ZodRawShape>(shape: S) => z.preprocess(limitAlias, reportBase.extend(shape));

/** Every report's common query. */
export const reportQuerySchema = reportQuery({});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** `GET /api/admin/reports/sales`: `member` = a member id; keyword = goods, approval no., batch, order no., company. */
export const salesReportQuerySchema = reportQuery({ member: optionalId('会员ID') });

/** `GET /api/admin/reports/hm`: keyword = goods, batch, order no., company, purchaser. */
export const hmReportQuerySchema = reportQuerySchema;

/** `GET /api/admin/reports/purchases`: supplier = part of the supplier's name. */
export const purchaseReportQuerySchema = reportQuery({ supplier: keyword('供货单位') });

/** `GET /api/admin/reports/stock_ledger`: kind = one of STOCK_MOVEMENT_KINDS (labels: STOCK_MOVEMENT_LABELS). */
export const stockLedgerQuerySchema = reportQuery({
  goods_id: optionalId('商品ID'),
  kind: z.preprocess(blank, z.enum(STOCK_MOVEMENT_KINDS, { error: '变动类型不正确' }).optional()),
});

export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;
export type PurchaseReportQuery = z.infer<typeof purchaseReportQuerySchema>;
export type StockLedgerQuery = z.infer<typeof stockLedgerQuerySchema>;

/** A resolved range: China dates and the instants [start, end) they cover. */
export interface ReportRange {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

/**
 * The range a report covers: empty `from` = the first day of this month, empty `to` = today
 * (China time); `to` is inclusive. A range backwards or longer than REPORT_MAX_DAYS is an
 * error value naming the field, for the 422.
 */
export function resolveReportRange(
  from: string | undefined,
  to: string | undefined,
  now: Date,
): ReportRange | { field: 'from' | 'to'; message: string } {
  const today = chinaDate(now);
  const f = from ?? `${today.slice(0, 8)}01`;
  const t = to ?? today;
  const start = parseChinaTime(f);
  const last = parseChinaTime(t);
  if (Number.isNaN(start)) return { field: 'from', message: '开始日期格式有误，应为YYYY-MM-DD' };
  if (Number.isNaN(last)) return { field: 'to', message: '结束日期格式有误，应为YYYY-MM-DD' };
  if (last < start) return { field: 'to', message: '结束日期不能早于开始日期' };
  const days = Math.round((last - start) / DAY_MS) + 1;
  if (days > REPORT_MAX_DAYS) {
    return { field: 'to', message: `查询范围不能超过${REPORT_MAX_DAYS}天，请分段导出` };
  }
  return { from: f, to: t, start: new Date(start), end: new Date(last + DAY_MS) };
}

/** The export's file name: 销售记录_2026-11-01_2026-11-30.xlsx. */
export function reportFileName(
  title: string,
  range: { from: string; to: string },
  ext: 'xlsx' | 'csv',
): string {
  return `${title}_${range.from}_${range.to}.${ext}`;
}

/** One row of the sales register (销售记录): one lot of one order line of a shipped order. */
export interface SalesReportRow {
  id: number;
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
  unit_price: string;
  amount: string;
  is_gift: 0 | 1;
}

/** One row of the 含麻 register: one lot of one 含麻 line of a shipped order. */
export interface HmReportRow {
  id: number;
  sold_at: string;
  order_no: string;
  order_id: number;
  company: string;
  purchaser_name: string;
  /** Masked in the JSON list (330102********1234); whole in the export. */
  purchaser_id_no: string;
  purchaser_phone: string;
  name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  batch_no: string;
  expires_on: string;
  number: number;
  receipt: 0 | 1;
  receipt_at: string;
  receipt_text: string;
}

/** One row of the purchase records (购进记录): one lot as received. */
export interface PurchaseReportRow {
  id: number;
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
  unit_cost: string;
  amount: string;
  receiver: string;
}

/** One row of the stock ledger (库存台账): one movement. */
export interface StockLedgerRow {
  id: number;
  created_at: string;
  goods_id: number;
  name: string;
  ypgg: string;
  sccj: string;
  batch_no: string;
  kind: string;
  kind_text: string;
  quantity: number;
  stock_after: number;
  lot_after: number | null;
  reason: string;
  ref: string;
  operator: string;
}

/** A column of a report: the export's header and width and the back-office table's title. */
export interface ReportColumn<R> {
  key: keyof R & string;
  title: string;
  width: number;
}

export const SALES_REPORT_COLUMNS: ReportColumn<SalesReportRow>[] = [
  { key: 'sold_at', title: '销售日期', width: 20 },
  { key: 'company', title: '购货单位', width: 28 },
  { key: 'name', title: '药品名称', width: 24 },
  { key: 'approval_no', title: '批准文号', width: 22 },
  { key: 'sccj', title: '生产企业', width: 28 },
  { key: 'ypgg', title: '规格', width: 16 },
  { key: 'bzdw', title: '单位', width: 6 },
  { key: 'batch_no', title: '批号', width: 14 },
  { key: 'produced_on', title: '生产日期', width: 12 },
  { key: 'expires_on', title: '有效期至', width: 12 },
  { key: 'number', title: '数量', width: 8 },
  { key: 'unit_price', title: '单价(元)', width: 10 },
  { key: 'amount', title: '金额(元)', width: 12 },
  { key: 'order_no', title: '订单号', width: 22 },
];

export const HM_REPORT_COLUMNS: ReportColumn<HmReportRow>[] = [
  { key: 'sold_at', title: '销售日期', width: 20 },
  { key: 'order_no', title: '订单号', width: 22 },
  { key: 'company', title: '购货单位', width: 28 },
  { key: 'purchaser_name', title: '购买人', width: 10 },
  { key: 'purchaser_id_no', title: '身份证号', width: 22 },
  { key: 'purchaser_phone', title: '联系电话', width: 14 },
  { key: 'name', title: '药品名称', width: 24 },
  { key: 'ypgg', title: '规格', width: 16 },
  { key: 'sccj', title: '生产企业', width: 28 },
  { key: 'approval_no', title: '批准文号', width: 22 },
  { key: 'batch_no', title: '批号', width: 14 },
  { key: 'expires_on', title: '有效期至', width: 12 },
  { key: 'number', title: '数量', width: 8 },
  { key: 'receipt_text', title: '到货确认', width: 12 },
  { key: 'receipt_at', title: '回执上传时间', width: 20 },
];

export const PURCHASE_REPORT_COLUMNS: ReportColumn<PurchaseReportRow>[] = [
  { key: 'received_at', title: '购进日期', width: 20 },
  { key: 'supplier', title: '供货单位', width: 28 },
  { key: 'name', title: '药品名称', width: 24 },
  { key: 'ypgg', title: '规格', width: 16 },
  { key: 'sccj', title: '生产企业', width: 28 },
  { key: 'approval_no', title: '批准文号', width: 22 },
  { key: 'batch_no', title: '批号', width: 14 },
  { key: 'produced_on', title: '生产日期', width: 12 },
  { key: 'expires_on', title: '有效期至', width: 12 },
  { key: 'received_quantity', title: '购进数量', width: 10 },
  { key: 'unit_cost', title: '购进单价(元)', width: 12 },
  { key: 'amount', title: '金额(元)', width: 12 },
  { key: 'receiver', title: '收货人', width: 12 },
];

export const STOCK_LEDGER_COLUMNS: ReportColumn<StockLedgerRow>[] = [
  { key: 'created_at', title: '日期', width: 20 },
  { key: 'name', title: '药品名称', width: 24 },
  { key: 'ypgg', title: '规格', width: 16 },
  { key: 'sccj', title: '生产企业', width: 28 },
  { key: 'batch_no', title: '批号', width: 14 },
  { key: 'kind_text', title: '类型', width: 8 },
  { key: 'quantity', title: '数量', width: 8 },
  { key: 'stock_after', title: '结存', width: 10 },
  { key: 'reason', title: '原因', width: 24 },
  { key: 'ref', title: '单据', width: 22 },
  { key: 'operator', title: '经办人', width: 12 },
];

/** The four reports: their titles (also the sheet and file names). */
export const REPORT_TITLES = {
  sales: '销售记录',
  hm: '含麻药品销售登记',
  purchases: '购进记录',
  stock_ledger: '库存台账',
} as const;
export type ReportName = keyof typeof REPORT_TITLES;
