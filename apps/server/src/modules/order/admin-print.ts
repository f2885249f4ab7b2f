/**
 * The printable pages of the back office (拣货单, 随货同行单): server-rendered HTML with their own
 * style and a 打印 button. The site-wide policy (platform/headers.ts) allows only this origin's
 * files, so the reply carries its own policy naming its one <style> and <script> by a nonce.
 */
import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { chinaDate, chinaDateTime, type DeliveryNoteView } from '@kc/domain';
import type { SiteSettings } from '../content/settings.js';
import { pickTotals, type PickOrder } from './pick-list.js';

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const CSS = `body{font-family:"WenQuanYi Zen Hei","Microsoft YaHei",sans-serif;color:#222;margin:0;background:#f0f2f5}
.sheet{background:#fff;max-width:1100px;margin:16px auto;padding:24px 28px;box-shadow:0 1px 4px #0002}
h1{text-align:center;font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:18px 0 6px}
.sub{text-align:center;color:#555;margin-bottom:12px}.meta{display:flex;flex-wrap:wrap;gap:4px 24px;font-size:13px;margin:8px 0}
table{width:100%;border-collapse:collapse;font-size:12px;margin-top:6px}th,td{border:1px solid #555;padding:4px 5px;text-align:left}
th{background:#f5f5f5;white-space:nowrap}td.n{text-align:right;white-space:nowrap}.sign{display:flex;justify-content:space-between;margin-top:18px;font-size:13px}
.bar{position:sticky;top:0;background:#fff;border-bottom:1px solid #ddd;padding:8px 16px;text-align:right}
.bar button{font-size:14px;padding:6px 22px;background:#1677ff;color:#fff;border:0;border-radius:4px;cursor:pointer}
.warn{color:#d46b08}.page-break{page-break-after:always}
@media print{body{background:#fff}.bar{display:none}.sheet{box-shadow:none;margin:0;max-width:none;padding:0 4mm}@page{size:A4 landscape;margin:10mm}}`;

/** Sends an HTML page with its own policy: a nonce for the style and the print button's script. */
export function sendPrintable(reply: FastifyReply, title: string, body: string) {
  const nonce = crypto.randomBytes(16).toString('base64');
  reply.header(
    'content-security-policy',
    `default-src 'self'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; ` +
      "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  reply.header('cache-control', 'private, no-store');
  return reply.type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<title>${esc(title)}</title><style nonce="${nonce}">${CSS}</style></head><body>
<div class="bar"><button id="print" type="button">打印</button></div>${body}
<script nonce="${nonce}">document.getElementById('print').addEventListener('click', function () { window.print(); });</script>
</body></html>`);
}

const addressText = (a: { consignee: string; phone: string; region: string; address: string }) =>
  `${a.consignee} ${a.phone} ${a.region}${a.address}`;

/** 随货同行单: one sheet per warehouse with what GSP asks of it. */
export function deliveryNoteHtml(n: DeliveryNoteView & { site: SiteSettings }, now: Date): string {
  const shipped = n.shipped_at ? n.shipped_at.slice(0, 10) : chinaDate(now);
  return n.sheets
    .map(
      (s, i) => `<div class="sheet${i < n.sheets.length - 1 ? ' page-break' : ''}">
<h1>${esc(n.seller || n.site.title)} 随货同行单</h1>
<div class="sub">单号：${esc(n.order_no)}&emsp;仓库：${esc(s.warehouse)}</div>
<div class="meta"><span>供货单位：${esc(n.seller || n.site.title)}</span><span>供货单位地址：${esc(n.site.address)}</span>
<span>购货单位：${esc(n.company)}</span><span>收货地址：${esc(addressText(n.address))}</span>
<span>下单时间：${esc(n.created_at)}</span><span>发货日期：${esc(shipped)}</span>
${n.carrier ? `<span>承运：${esc(n.carrier)} ${esc(n.tracking_no)}</span>` : ''}</div>
<table><thead><tr><th>序号</th><th>品名</th><th>规格</th><th>单位</th><th>生产厂家</th><th>批准文号</th><th>批号</th><th>生产日期</th><th>有效期至</th><th>数量</th><th>单价(元)</th><th>金额(元)</th><th>质量状态</th></tr></thead><tbody>
${s.rows
  .map(
    (
      r,
      j,
    ) => `<tr><td>${j + 1}</td><td>${esc(r.name)}</td><td>${esc(r.ypgg)}</td><td>${esc(r.bzdw)}</td><td>${esc(r.sccj)}</td>
<td>${esc(r.approval_no)}</td><td>${esc(r.batch_no)}</td><td>${esc(r.produced_on)}</td><td>${esc(r.expires_on)}</td>
<td class="n">${r.number}</td><td class="n">${esc(r.price)}</td><td class="n">${esc(r.amount)}</td><td>合格</td></tr>`,
  )
  .join('')}
<tr><td colspan="11">合计</td><td class="n">${esc(s.amount)}</td><td></td></tr></tbody></table>
<div class="sign"><span>发货人：</span><span>复核人：</span><span>收货人：</span><span>收货日期：</span></div></div>`,
    )
    .join('');
}

/** 拣货单 of one order or several: each order's lines by warehouse and batch, then the batch totals. */
export function pickListHtml(orders: readonly PickOrder[], now: Date): string {
  const perOrder = orders
    .map(
      (o) => `<div class="sheet">
<h1>拣货单</h1><div class="sub">订单号：${esc(o.order_no)}&emsp;状态：${esc(o.status_text)}&emsp;打印时间：${esc(chinaDateTime(now))}</div>
<div class="meta"><span>购货单位：${esc(o.company)}</span><span>收货：${esc(addressText(o.address))}</span>
<span>付款时间：${esc(o.paid_at)}</span>${o.remark ? `<span>买家备注：${esc(o.remark)}</span>` : ''}
${o.allocated ? '' : '<span class="warn">批号未经仓库确认（按效期先出）</span>'}</div>
<table><thead><tr><th>仓库</th><th>品名</th><th>规格</th><th>单位</th><th>生产厂家</th><th>批准文号</th><th>批号</th><th>生产日期</th><th>有效期至</th><th>数量</th><th>已拣</th></tr></thead><tbody>
${o.lines
  .flatMap((l) =>
    (l.lots.length > 0 ? l.lots : [{ batch_no: '—', produced_on: '', expires_on: '', number: l.number }]).map(
      (
        lot,
      ) => `<tr><td>${esc(l.warehouse)}</td><td>${esc(l.name)}${l.is_gift ? '（赠品）' : ''}</td><td>${esc(l.ypgg)}</td>
<td>${esc(l.bzdw)}</td><td>${esc(l.sccj)}</td><td>${esc(l.approval_no)}</td><td>${esc(lot.batch_no)}</td>
<td>${esc(lot.produced_on)}</td><td>${esc(lot.expires_on)}</td><td class="n">${lot.number}</td><td></td></tr>`,
    ),
  )
  .join('')}</tbody></table>
<div class="sign"><span>拣货人：</span><span>复核人：</span><span>日期：</span></div></div>`,
    )
    .join('');
  if (orders.length < 2) return perOrder;
  const totals = pickTotals(orders);
  return `<div class="sheet page-break"><h1>批量拣货汇总</h1>
<div class="sub">共${orders.length}个订单&emsp;打印时间：${esc(chinaDateTime(now))}</div>
<div class="meta"><span>订单：${orders.map((o) => esc(o.order_no)).join('、')}</span></div>
<table><thead><tr><th>仓库</th><th>品名</th><th>规格</th><th>单位</th><th>生产厂家</th><th>批号</th><th>有效期至</th><th>数量</th><th>订单数</th></tr></thead><tbody>
${totals
  .map(
    (
      t,
    ) => `<tr><td>${esc(t.warehouse)}</td><td>${esc(t.name)}</td><td>${esc(t.ypgg)}</td><td>${esc(t.bzdw)}</td>
<td>${esc(t.sccj)}</td><td>${esc(t.batch_no)}</td><td>${esc(t.expires_on)}</td><td class="n">${t.number}</td><td class="n">${t.orders}</td></tr>`,
  )
  .join('')}</tbody></table></div>${perOrder}`;
}
