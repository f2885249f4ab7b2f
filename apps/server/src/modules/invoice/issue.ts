import { and, eq, sql } from 'drizzle-orm';
import { INVOICE_TYPES, fenToYuan, vatOf, type InvoiceIssueResult } from '@kc/domain';
import type { EInvoiceProvider, InvoiceItem } from '../../providers/einvoice.js';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { business, notFound } from '../../platform/errors.js';
import { postMessage } from '../account/messages.js';
import { withUploads } from '../account/uploads.js';
import { getSiteSettings } from '../content/settings.js';
import type { InvoiceSnapshot } from '../order/schema.js';
import { renderInvoicePdf } from './pdf.js';
import { eInvoices } from './schema.js';

type InvoiceRow = typeof eInvoices.$inferSelect;

/** What issuing needs from the app. */
export interface IssueDeps {
  db: Db;
  provider: EInvoiceProvider;
  now: () => Date;
}

type OrderRow = {
  id: number;
  order_no: string;
  member_id: number;
  kind: string;
  invoice: InvoiceSnapshot;
  due: number;
};

const withTax = (item: Omit<InvoiceItem, 'tax'>): InvoiceItem => ({ ...item, tax: vatOf(item.amount) });

/**
 * The lines of a new blue invoice for `due` fen: each charged line with the units kept and what
 * they paid (less refunds), then freight (or a discount line) for whatever the lines do not
 * account for, so the items always add up to the amount.
 */
async function itemsFor(tx: Tx, orderId: number, due: number): Promise<InvoiceItem[]> {
  const lines = rowsOf<{ name: string; ypgg: string; bzdw: string; qty: number; amount: number }>(
    await tx.execute(sql`select l.name, l.ypgg, l.bzdw, l.number - l.returned_number as qty,
        l.pay_amount - coalesce((select sum(rl.refund_amount) from return_lines rl
          join return_requests r on r.id = rl.return_id
          where rl.order_line_id = l.id and r.status = 'refunded'), 0)::int as amount
      from order_lines l where l.order_id = ${orderId} and not l.is_gift order by l.id`),
  );
  const items = lines
    .filter((l) => l.qty > 0 && l.amount > 0)
    .map((l) =>
      withTax({ name: l.name, spec: l.ypgg, unit: l.bzdw, quantity: l.qty, amount: Number(l.amount) }),
    );
  const rest = due - items.reduce((s, i) => s + i.amount, 0);
  if (rest > 0) items.push(withTax({ name: '运费', spec: '', unit: '次', quantity: 1, amount: rest }));
  if (rest < 0) items.push(withTax({ name: '折扣', spec: '', unit: '', quantity: 0, amount: rest }));
  return items;
}

/**
 * Step 1, under the order's row lock: the invoice rows to issue now, written 开具中. Rows still
 * at the provider from an earlier try come back as they are (retried under their serial);
 * otherwise a red row cancels an invoice in force that no longer matches what is due, and a
 * blue row covers what is due.
 */
async function plan(deps: IssueDeps, orderId: number, operatorId: number | null) {
  return deps.db.transaction(async (tx) => {
    const [o] = rowsOf<OrderRow>(
      await tx.execute(sql`select o.id, o.order_no, o.member_id, o.kind, o.invoice,
          case when o.status in (1, 2, 3) then o.paid_amount - o.refunded_amount else 0 end as due
        from orders o where o.id = ${orderId} for update`),
    );
    if (!o) throw notFound('订单不存在');
    if (o.kind !== 'goods' || (o.invoice.type !== 1 && o.invoice.type !== 2))
      throw business(`订单 ${o.order_no} 未申请发票`);
    const open = await tx
      .select()
      .from(eInvoices)
      .where(and(eq(eInvoices.orderId, orderId), eq(eInvoices.status, 'issuing')))
      .orderBy(eInvoices.id);
    if (open.length) return { order: o, rows: open, flushes: open.some((r) => r.kind === 'red') };
    const [live] = await tx
      .select()
      .from(eInvoices)
      .where(and(eq(eInvoices.orderId, orderId), eq(eInvoices.kind, 'blue'), eq(eInvoices.status, 'issued')));
    const due = Number(o.due);
    if ((live && live.amount === due) || (!live && due <= 0)) return { order: o, rows: [], flushes: false };
    const now = deps.now();
    const common = {
      orderId,
      memberId: o.member_id,
      provider: deps.provider.name,
      development: deps.provider.development,
      operatorId,
      createdAt: now,
      updatedAt: now,
    };
    const rows: InvoiceRow[] = [];
    if (live) {
      const [red] = await tx
        .insert(eInvoices)
        .values({
          ...common,
          kind: 'red',
          type: live.type,
          buyer: live.buyer,
          items: live.items.map((i) => ({ ...i, quantity: -i.quantity, amount: -i.amount, tax: -i.tax })),
          amount: -live.amount,
          tax: -live.tax,
          redOfId: live.id,
        })
        .returning();
      rows.push(red!);
    }
    if (due > 0) {
      const items = await itemsFor(tx, orderId, due);
      const [blue] = await tx
        .insert(eInvoices)
        .values({
          ...common,
          kind: 'blue',
          type: o.invoice.type,
          buyer: o.invoice,
          items,
          amount: due,
          tax: items.reduce((s, i) => s + i.tax, 0),
        })
        .returning();
      rows.push(blue!);
    }
    return { order: o, rows, flushes: Boolean(live) };
  });
}

class AlreadyIssued extends Error {}

/**
 * Step 2 for one row: ask the provider (outside any transaction), render the PDF, then mark the
 * row 已开具 with its number and file, and a red row's blue one 已红冲, in one transaction. A
 * row another caller finished meanwhile is left as it is (the file is not kept).
 */
async function issueRow(deps: IssueDeps, row: InvoiceRow, orderNo: string): Promise<string> {
  const now = deps.now();
  const [redOf] = row.redOfId
    ? await deps.db.select().from(eInvoices).where(eq(eInvoices.id, row.redOfId))
    : [undefined];
  const issued = await deps.provider.issue(
    {
      serial: `KC-EINV-${row.id}`,
      kind: row.kind,
      type: row.type,
      buyer: row.buyer,
      items: row.items,
      amount: row.amount,
      tax: row.tax,
      ...(redOf ? { redOf: redOf.invoiceNo } : {}),
    },
    now,
  );
  const site = await getSiteSettings(deps.db);
  const pdf = await renderInvoicePdf({
    kind: row.kind,
    type: row.type,
    invoiceNo: issued.invoiceNo,
    issuedAt: issued.issuedAt,
    buyer: row.buyer,
    seller: {
      name: site.company,
      taxNo: site.tax_no,
      address: site.address,
      bank: `${site.payee_bank} ${site.payee_account}`.trim(),
    },
    items: row.items,
    amount: row.amount,
    tax: row.tax,
    orderNo,
    redOfNo: redOf?.invoiceNo ?? '',
    drawer: site.invoice_drawer,
    development: row.development,
  });
  const file = {
    mime: 'application/pdf',
    name: `${issued.invoiceNo}.pdf`,
    bytes: pdf,
    sha256: '',
  };
  try {
    await withUploads(deps.db, row.memberId, [file], now, async (tx, [fileId]) => {
      const done = await tx
        .update(eInvoices)
        .set({
          status: 'issued',
          invoiceNo: issued.invoiceNo,
          issuedAt: issued.issuedAt,
          fileId,
          error: '',
          updatedAt: now,
        })
        .where(and(eq(eInvoices.id, row.id), eq(eInvoices.status, 'issuing')))
        .returning({ id: eInvoices.id });
      if (!done.length) throw new AlreadyIssued();
      if (row.redOfId)
        await tx
          .update(eInvoices)
          .set({ status: 'flushed', updatedAt: now })
          .where(eq(eInvoices.id, row.redOfId));
    });
  } catch (err) {
    if (!(err instanceof AlreadyIssued)) throw err;
  }
  return issued.invoiceNo;
}

/**
 * Issues what an order's invoice needs now (财务's 开具, or the system after a refund): a first
 * invoice, or 红冲 of the one in force and a new one for what stays paid. A provider refusal
 * leaves the row 开具中 with the reason, for the next try; nothing is issued twice.
 */
export async function issueOrderInvoice(
  deps: IssueDeps,
  orderId: number,
  operatorId: number | null,
): Promise<InvoiceIssueResult> {
  const { order, rows, flushes } = await plan(deps, orderId, operatorId);
  const base = { order_id: orderId, order_no: order.order_no };
  if (!rows.length) return { ...base, result: 'unchanged', message: '发票已是最新，无需开具' };
  const numbers: string[] = [];
  for (const row of rows) {
    try {
      numbers.push(await issueRow(deps, row, order.order_no));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await deps.db
        .update(eInvoices)
        .set({ error: message.slice(0, 200), updatedAt: deps.now() })
        .where(and(eq(eInvoices.id, row.id), eq(eInvoices.status, 'issuing')));
      return { ...base, result: 'failed', message: `开具失败：${message.slice(0, 200)}` };
    }
  }
  const blue = rows.find((r) => r.kind === 'blue');
  const type = INVOICE_TYPES[order.invoice.type];
  const [result, title, content]: [InvoiceIssueResult['result'], string, string] = !blue
    ? [
        'flushed',
        '发票已红冲',
        `订单 ${order.order_no} 已全部退款，原${type}已红冲作废（红字发票号码 ${numbers[0]}）。`,
      ]
    : flushes
      ? [
          'reissued',
          '发票已红冲并重新开具',
          `订单 ${order.order_no} 退款后，原${type}已红冲，新发票（号码 ${numbers.at(-1)}，金额 ¥${fenToYuan(blue.amount)}）已开具，可在「电子发票」下载。`,
        ]
      : [
          'issued',
          '电子发票已开具',
          `订单 ${order.order_no} 的${type}（号码 ${numbers.at(-1)}，金额 ¥${fenToYuan(blue.amount)}）已开具，可在「电子发票」下载。`,
        ];
  await postMessage(deps.db, order.member_id, 'order', title, content, deps.now());
  return { ...base, result, message: title };
}

/**
 * After a refund or a cancellation: when the order has an invoice in force, 红冲 it and issue
 * what stays paid. Never fails the caller: a provider refusal stays in 财务's 待红冲重开 queue.
 */
export async function settleInvoiceAfterRefund(
  deps: IssueDeps,
  orderId: number,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const [live] = await deps.db
    .select({ id: eInvoices.id })
    .from(eInvoices)
    .where(and(eq(eInvoices.orderId, orderId), eq(eInvoices.kind, 'blue'), eq(eInvoices.status, 'issued')));
  if (!live) return;
  try {
    const r = await issueOrderInvoice(deps, orderId, null);
    if (r.result === 'failed')
      log.warn({ orderId, message: r.message }, 'e-invoice re-issue after refund failed');
  } catch (err) {
    log.warn({ orderId, err }, 'e-invoice re-issue after refund failed');
  }
}
