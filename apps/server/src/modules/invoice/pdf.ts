import PDFDocument from 'pdfkit';
import { VAT_PERCENT, fenToYuan } from '@kc/domain';
import { cjkFont } from '../../platform/cjk-font.js';
import type { InvoiceItem } from '../../providers/einvoice.js';
import type { InvoiceSnapshot } from '../order/schema.js';
import { rmbUppercase } from './uppercase.js';

/** Everything printed on an invoice. Amounts in fen, tax included; negative on a red invoice. */
export interface InvoicePrint {
  kind: 'blue' | 'red';
  type: 1 | 2;
  invoiceNo: string;
  issuedAt: Date;
  buyer: InvoiceSnapshot;
  seller: { name: string; taxNo: string; address: string; bank: string };
  items: InvoiceItem[];
  amount: number;
  tax: number;
  orderNo: string;
  /** A red invoice: the blue one's number. */
  redOfNo: string;
  drawer: string;
  development: boolean;
}

const INK = '#1f1f1f';
const FRAME = '#8c4a2f';

const chinaDate = (d: Date) => {
  const c = new Date(d.getTime() + 8 * 3_600_000);
  return `${c.getUTCFullYear()}年${String(c.getUTCMonth() + 1).padStart(2, '0')}月${String(c.getUTCDate()).padStart(2, '0')}日`;
};

/** A unit price without tax: up to 6 decimals, trailing zeros dropped. */
const unitPrice = (item: InvoiceItem) =>
  item.quantity ? ((item.amount - item.tax) / 100 / item.quantity).toFixed(6).replace(/\.?0+$/, '') : '';

/** The columns of the goods table: title, width, alignment, and the text of a line. */
const COLUMNS: [string, number, 'left' | 'right' | 'center', (i: InvoiceItem) => string][] = [
  ['项目名称', 220, 'left', (i) => i.name],
  ['规格型号', 110, 'left', (i) => i.spec],
  ['单位', 40, 'center', (i) => i.unit],
  ['数量', 50, 'right', (i) => (i.quantity ? String(i.quantity) : '')],
  ['单价', 80, 'right', unitPrice],
  ['金额', 80, 'right', (i) => fenToYuan(i.amount - i.tax)],
  ['税率/征收率', 60, 'center', () => `${VAT_PERCENT}%`],
  ['税额', 70, 'right', (i) => fenToYuan(i.tax)],
];

/**
 * Renders an e-invoice as a PDF in the layout of a 全电发票 (数电票): title, number and date,
 * buyer and seller, the goods table with 金额 and 税额, 价税合计 in capitals and figures, notes
 * and 开票人. A development invoice carries a band saying it is not a real invoice.
 */
export function renderInvoicePdf(p: InvoicePrint): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: {
      Title: `电子发票 ${p.invoiceNo}`,
      Author: p.seller.name,
      Subject: `订单 ${p.orderNo}`,
      Producer: '康采医药网',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');

  const left = 36;
  const width = doc.page.width - 72;
  const text = (s: string, x: number, y: number, o: PDFKit.Mixins.TextOptions & { size?: number } = {}) => {
    const { size = 9, ...options } = o;
    doc.fontSize(size).text(s, x, y, { lineBreak: false, ellipsis: true, ...options });
  };

  const header = () => {
    if (p.development) {
      doc.save().rect(left, 20, width, 16).fill('#fff1f0').restore();
      doc.fillColor('#cf1322');
      text('开发环境模拟发票 · 未经税务机关开具 · 不作报销凭证', left, 22, {
        width,
        align: 'center',
        size: 10,
      });
    }
    const title = `电子发票（${p.type === 2 ? '增值税专用发票' : '普通发票'}）`;
    doc.fillColor(FRAME);
    text(title, left, 44, { width, align: 'center', size: 20 });
    if (p.kind === 'red') {
      const x = left + width / 2 - 190;
      doc.save().lineWidth(1).strokeColor('#cf1322').rect(x, 46, 40, 20).stroke().restore();
      doc.fillColor('#cf1322');
      text('红字', x, 49, { width: 40, align: 'center', size: 11 });
      doc.fillColor(FRAME);
    }
    doc
      .moveTo(left + width / 2 - 130, 72)
      .lineTo(left + width / 2 + 130, 72)
      .moveTo(left + width / 2 - 130, 75)
      .lineTo(left + width / 2 + 130, 75)
      .strokeColor(FRAME)
      .lineWidth(0.8)
      .stroke();
    doc.fillColor(INK);
    text(`发票号码：${p.invoiceNo}`, left + width - 230, 46, { width: 230, size: 10 });
    text(`开票日期：${chinaDate(p.issuedAt)}`, left + width - 230, 62, { width: 230, size: 10 });
  };

  header();
  // Buyer and seller.
  let y = 88;
  const half = width / 2;
  doc.lineWidth(0.8).strokeColor(FRAME).rect(left, y, width, 76).stroke();
  doc
    .moveTo(left + half, y)
    .lineTo(left + half, y + 76)
    .stroke();
  const party = (x: number, label: string, lines: [string, string][]) => {
    doc.fillColor(FRAME);
    text(label, x + 6, y + 6, { size: 10 });
    doc.fillColor(INK);
    lines.forEach(([k, v], i) => text(`${k}：${v}`, x + 6, y + 22 + i * 13, { width: half - 12 }));
  };
  const special = p.type === 2;
  party(left, '购买方信息', [
    ['名称', p.buyer.title],
    ['统一社会信用代码/纳税人识别号', p.buyer.taxNo],
    ...(special
      ? ([
          ['地址、电话', `${p.buyer.address} ${p.buyer.phone}`.trim()],
          ['开户行及账号', `${p.buyer.bank} ${p.buyer.account}`.trim()],
        ] as [string, string][])
      : []),
  ]);
  party(left + half, '销售方信息', [
    ['名称', p.seller.name],
    ['统一社会信用代码/纳税人识别号', p.seller.taxNo],
    ...(special
      ? ([
          ['地址', p.seller.address],
          ['开户行及账号', p.seller.bank],
        ] as [string, string][])
      : []),
  ]);

  // Goods.
  y += 84;
  const scale = width / COLUMNS.reduce((s, c) => s + c[1], 0);
  const head = () => {
    let x = left;
    doc.save().rect(left, y, width, 18).fill('#fbf3ee').restore();
    doc.fillColor(FRAME);
    for (const [title, w, align] of COLUMNS) {
      text(title, x + 4, y + 4, { width: w * scale - 8, align });
      x += w * scale;
    }
    doc.fillColor(INK);
    y += 20;
  };
  head();
  for (const item of p.items) {
    if (y > doc.page.height - 130) {
      doc.addPage();
      header();
      y = 88;
      head();
    }
    let x = left;
    for (const [, w, align, value] of COLUMNS) {
      text(value(item), x + 4, y, { width: w * scale - 8, align });
      x += w * scale;
    }
    y += 15;
  }
  y += 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(FRAME)
    .stroke();
  y += 5;
  const amountCol = COLUMNS.slice(0, 5).reduce((s, c) => s + c[1], 0) * scale;
  text('合计', left + 4, y, { size: 10 });
  text(`¥${fenToYuan(p.amount - p.tax)}`, left + amountCol, y, { width: 80 * scale - 4, align: 'right' });
  text(`¥${fenToYuan(p.tax)}`, left + width - 70 * scale, y, { width: 70 * scale - 4, align: 'right' });
  y += 18;
  doc.rect(left, y, width, 22).stroke();
  doc.fillColor(FRAME);
  text('价税合计（大写）', left + 6, y + 6, { size: 10 });
  doc.fillColor(INK);
  text(`⊗ ${rmbUppercase(p.amount)}`, left + 110, y + 6, { size: 10, width: 380 });
  doc.fillColor(FRAME);
  text('（小写）', left + width - 220, y + 6, { size: 10 });
  doc.fillColor(INK);
  text(`¥${fenToYuan(p.amount)}`, left + width - 170, y + 6, { size: 10, width: 160 });
  y += 22;
  doc.rect(left, y, width, 40).stroke();
  doc.fillColor(FRAME);
  text('备注', left + 6, y + 6, { size: 10 });
  doc.fillColor(INK);
  text(`订单号：${p.orderNo}`, left + 50, y + 6, { width: width - 60 });
  if (p.kind === 'red')
    text(`被红冲蓝字数电发票号码：${p.redOfNo}`, left + 50, y + 20, { width: width - 60 });
  y += 48;
  text(`开票人：${p.drawer}`, left, y, { size: 10 });
  doc.end();
  return done;
}
