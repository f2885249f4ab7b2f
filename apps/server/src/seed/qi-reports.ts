import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { cjkFont } from '../platform/cjk-font.js';
import { rowsOf, type Db } from '../platform/db.js';
import { checkFile } from '../modules/account/uploads.js';
import { saveQiReport } from '../modules/catalog/qi-reports.js';

type Lot = {
  goods_id: number;
  name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  batch_no: string;
  produced_on: string;
  expires_on: string;
};

/** A maker's inspection report for one batch, as the demo's warehouse would have scanned it. */
function reportPdf(l: Lot, assay: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `检验报告书 ${l.name} ${l.batch_no}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('cjk', cjkFont()).font('cjk');
  doc.fillColor('#cf1322').fontSize(9).text('演示数据 · 非真实检验报告', { align: 'right' });
  doc.fillColor('#000').fontSize(20).text(`${l.sccj}`, { align: 'center' }).moveDown(0.3);
  doc.fontSize(16).text('检 验 报 告 书', { align: 'center' }).moveDown(1);
  doc.fontSize(11);
  const facts: [string, string][] = [
    ['品名', l.name],
    ['规格', l.ypgg],
    ['批准文号', l.approval_no],
    ['批号', l.batch_no],
    ['生产日期', l.produced_on],
    ['有效期至', l.expires_on],
    ['检验依据', '《中华人民共和国药典》2025年版及国家药品标准'],
  ];
  for (const [k, v] of facts) doc.text(`${k}：${v}`).moveDown(0.2);
  doc.moveDown(0.6).fontSize(12).text('检验项目', { underline: true }).moveDown(0.3).fontSize(11);
  const items: [string, string, string][] = [
    ['性状', '应符合规定', '符合规定'],
    ['鉴别', '应呈正反应', '符合规定'],
    ['检查（有关物质、溶出度、微生物限度）', '应符合规定', '符合规定'],
    ['含量测定', '应为标示量的 90.0%～110.0%', assay],
  ];
  for (const [item, standard, result] of items)
    doc.text(`${item}  标准：${standard}  结果：${result}`).moveDown(0.3);
  doc.moveDown(0.8).fontSize(12).text('结论：本品按上述标准检验，结果符合规定。');
  doc.moveDown(2).fontSize(11).text('检验人：王磊    复核人：陈静    质量受权人：赵明', { align: 'right' });
  doc.end();
  return done;
}

/**
 * Quality-inspection reports for the demo (issue 14 §8): every batch the demo's orders drew
 * from, and the first batch of the best sellers, so the order lines, the goods pages and
 * 质检报告查询 all have reports to open.
 */
export async function seedQiReports(db: Db, now: Date): Promise<void> {
  const lots = rowsOf<Lot>(
    await db.execute(sql`select distinct on (l.goods_id, l.batch_no) l.goods_id, g.name, g.ypgg, g.sccj, g.approval_no,
        l.batch_no, l.produced_on::text as produced_on, l.expires_on::text as expires_on
      from goods_lots l join goods g on g.id = l.goods_id
      where l.goods_id in (
          select ol.goods_id from order_lines ol join orders o on o.id = ol.order_id
            join members m on m.id = o.member_id where m.username = 'demo'
          union
          (select id from goods where on_shelf order by sales desc, id limit 12))
      order by l.goods_id, l.batch_no, l.id`),
  );
  for (const [i, l] of lots.entries()) {
    const pdf = await reportPdf(l, `${(98.2 + (i % 17) / 10).toFixed(1)}%`);
    const file = await checkFile(pdf, `${l.batch_no}.pdf`);
    await saveQiReport(db, l.goods_id, l.batch_no, file, null, now);
  }
}
