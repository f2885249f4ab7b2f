import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_INVOICE_QUEUES,
  INVOICE_DOC_STATES,
  INVOICE_KINDS,
  INVOICE_TYPES,
  ORDER_INVOICE_STATES,
  ORDER_STATUS_TEXT,
  chinaDateTime,
  fenToYuan,
  paginate,
  type AdminInvoiceListQuery,
  type AdminInvoiceQueue,
  type AdminOrderInvoiceView,
  type InvoiceDocState,
  type InvoiceDocView,
  type InvoiceKind,
  type MemberInvoiceListQuery,
  type OrderInvoiceState,
  type OrderInvoiceView,
  type OrderStatus,
  type Paginated,
} from '@kc/domain';
import { rowsOf, type Queryable, escapeLike } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { FILE_COLUMNS, fileBody, type FileRow } from '../account/uploads.js';
import type { InvoiceSnapshot } from '../order/schema.js';

/**
 * What an order's invoice must cover now, in SQL over `orders o`: paid less refunded while the
 * order stands (待发货, 已发货, 已完成), nothing once it is cancelled.
 */
export const DUE = sql.raw(
  `case when o.status in (1, 2, 3) then o.paid_amount - o.refunded_amount else 0 end`,
);

/** The amount of the blue invoice in force (null when none), in SQL over `orders o`. */
const LIVE = sql.raw(
  `(select e.amount from e_invoices e where e.order_id = o.id and e.kind = 'blue' and e.status = 'issued')`,
);

/**
 * The orders that asked for an invoice and have (or had) something to invoice, with their
 * state and the operator's queue: 待开票 (nothing issued yet), 待红冲重开 (the invoice in force
 * no longer matches what was paid and kept, or a request is still at the provider), 已开具,
 * 已红冲 (refunded in full and cancelled).
 */
const BASE = (where: SQL) => sql`
  with base as (
    select o.id, o.order_no, o.status, o.created_at, o.invoice, o.member_id, m.company,
      ${DUE} as due, ${LIVE} as live,
      exists (select 1 from e_invoices e where e.order_id = o.id) as has_docs,
      exists (select 1 from e_invoices e where e.order_id = o.id and e.status = 'issuing') as at_provider
    from orders o join members m on m.id = o.member_id
    where o.kind = 'goods' and (o.invoice->>'type') in ('1', '2') and ${where}
  ), states as (
    select *,
      case when at_provider then case when live is null and not exists (
               select 1 from e_invoices e where e.order_id = base.id and e.kind = 'red') then 'pending' else 'reissue' end
           when live is not null and live = due then 'issued'
           when live is not null then 'reissue'
           when due > 0 then 'pending'
           else 'flushed' end as queue
    from base where due > 0 or has_docs
  )`;

type Row = {
  id: number;
  order_no: string;
  status: OrderStatus;
  created_at: Date | string;
  invoice: InvoiceSnapshot;
  member_id: number;
  company: string;
  due: number;
  queue: AdminInvoiceQueue;
};

type DocRow = {
  id: number;
  order_id: number;
  kind: InvoiceKind;
  status: InvoiceDocState;
  invoice_no: string;
  amount: number;
  tax: number;
  issued_at: Date | string | null;
  red_of_no: string | null;
  development: boolean;
  error: string;
  file_id: number | null;
};

const STATE_OF: Record<AdminInvoiceQueue, OrderInvoiceState> = {
  pending: 'issuing',
  reissue: 'issuing',
  issued: 'issued',
  flushed: 'flushed',
};

async function documents(
  db: Queryable,
  orderIds: number[],
  pdfBase: string,
): Promise<Map<number, InvoiceDocView[]>> {
  const out = new Map<number, InvoiceDocView[]>();
  if (!orderIds.length) return out;
  const rows = rowsOf<DocRow>(
    await db.execute(sql`select e.id, e.order_id, e.kind, e.status, e.invoice_no, e.amount, e.tax, e.issued_at,
        b.invoice_no as red_of_no, e.development, e.error, e.file_id
      from e_invoices e left join e_invoices b on b.id = e.red_of_id
      where e.order_id = any(${sql.param(orderIds)}::int[]) order by e.id`),
  );
  for (const r of rows) {
    const list = out.get(r.order_id) ?? [];
    list.push({
      id: r.id,
      kind: r.kind,
      kind_text: INVOICE_KINDS[r.kind],
      status: r.status,
      status_text: INVOICE_DOC_STATES[r.status],
      invoice_no: r.invoice_no,
      amount: fenToYuan(r.amount),
      tax: fenToYuan(r.tax),
      issued_at: chinaDateTime(r.issued_at),
      red_of_no: r.red_of_no ?? '',
      pdf_url: r.file_id ? `${pdfBase}/${r.id}/pdf` : '',
      development: r.development,
      error: r.error,
    });
    out.set(r.order_id, list);
  }
  return out;
}

const view = (r: Row, docs: InvoiceDocView[]): OrderInvoiceView => {
  const state = STATE_OF[r.queue];
  const type = r.invoice.type as 1 | 2;
  return {
    order_id: r.id,
    order_no: r.order_no,
    order_status_text: ORDER_STATUS_TEXT[r.status],
    ordered_at: chinaDateTime(r.created_at),
    type,
    type_text: INVOICE_TYPES[type],
    title: r.invoice.title,
    tax_no: r.invoice.taxNo,
    amount: fenToYuan(Number(r.due)),
    status: state,
    status_text: ORDER_INVOICE_STATES[state],
    documents: docs,
  };
};

const adminView = (r: Row, docs: InvoiceDocView[]): AdminOrderInvoiceView => ({
  ...view(r, docs),
  member_id: r.member_id,
  company: r.company,
  queue: r.queue,
  queue_text: ADMIN_INVOICE_QUEUES[r.queue],
  bank: r.invoice.bank,
  account: r.invoice.account,
  address: r.invoice.address,
  phone: r.invoice.phone,
});

const keywordWhere = (keyword: string, wide: boolean): SQL => {
  if (!keyword) return sql`true`;
  const like = `%${escapeLike(keyword)}%`;
  return sql`(o.order_no ilike ${like}
    or exists (select 1 from e_invoices e where e.order_id = o.id and e.invoice_no ilike ${like})
    ${wide ? sql`or o.invoice->>'title' ilike ${like} or o.invoice->>'taxNo' ilike ${like} or m.company ilike ${like}` : sql``})`;
};

const STATES_OF: Record<OrderInvoiceState, AdminInvoiceQueue[]> = {
  issuing: ['pending', 'reissue'],
  issued: ['issued'],
  flushed: ['flushed'],
};

async function page(
  db: Queryable,
  where: SQL,
  queues: AdminInvoiceQueue[] | null,
  q: { page: number; page_size: number },
): Promise<{ rows: Row[]; total: number }> {
  const filter = queues ? sql`where queue = any(${sql.param(queues)}::text[])` : sql``;
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`${BASE(where)} select count(*)::int as n from states ${filter}`),
  );
  const rows = rowsOf<Row>(
    await db.execute(sql`${BASE(where)} select * from states ${filter} order by id desc
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  return { rows, total: count?.n ?? 0 };
}

/** `GET /api/user/invoices`: the member's own orders' invoices, newest first. */
export async function memberInvoices(
  db: Queryable,
  memberId: number,
  q: MemberInvoiceListQuery,
): Promise<Paginated<OrderInvoiceView>> {
  const { rows, total } = await page(
    db,
    sql`o.member_id = ${memberId} and ${keywordWhere(q.keyword, false)}`,
    q.status ? STATES_OF[q.status] : null,
    q,
  );
  const docs = await documents(
    db,
    rows.map((r) => r.id),
    '/api/user/invoices',
  );
  return paginate(
    rows.map((r) => view(r, docs.get(r.id) ?? [])),
    total,
    q,
  );
}

/** `GET /api/admin/invoices`: every member's, by queue. */
export async function adminInvoices(
  db: Queryable,
  q: AdminInvoiceListQuery,
): Promise<Paginated<AdminOrderInvoiceView>> {
  const { rows, total } = await page(db, keywordWhere(q.keyword, true), q.queue ? [q.queue] : null, q);
  const docs = await documents(
    db,
    rows.map((r) => r.id),
    '/api/admin/invoices',
  );
  return paginate(
    rows.map((r) => adminView(r, docs.get(r.id) ?? [])),
    total,
    q,
  );
}

/** An order's invoice row for the operator, or null when it has none to issue or show. */
export async function adminOrderInvoice(
  db: Queryable,
  orderId: number,
): Promise<AdminOrderInvoiceView | null> {
  const { rows } = await page(db, sql`o.id = ${orderId}`, null, { page: 1, page_size: 1 });
  const r = rows[0];
  if (!r) return null;
  const docs = await documents(db, [r.id], '/api/admin/invoices');
  return adminView(r, docs.get(r.id) ?? []);
}

/** An issued invoice's PDF: the member's own (`memberId`), or any for an operator (null). */
export async function invoicePdf(db: Queryable, memberId: number | null, id: number) {
  const [f] = rowsOf<FileRow & { invoice_no: string }>(
    await db.execute(sql`select ${FILE_COLUMNS}, e.invoice_no from e_invoices e join uploaded_files f on f.id = e.file_id
      where e.id = ${id} ${memberId === null ? sql`` : sql`and e.member_id = ${memberId}`}`),
  );
  if (!f) throw notFound('发票不存在');
  return { ...(await fileBody(db, f)), invoiceNo: f.invoice_no };
}
