import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_KIND_LABELS, type ImportKind } from '@kc/domain';

/** The download name of a file: `商品导入模板.xlsx`. */
export const templateFileName = (kind: ImportKind) => `${IMPORT_KIND_LABELS[kind]}导入模板.xlsx`;

/**
 * An import template: the first sheet has the header row (the Chinese column names the import
 * reads) and one example row; a second sheet, 说明, lists each column, whether the file must have
 * it, and how to fill it. The import reads only the first sheet.
 */
export async function templateWorkbook(kind: ImportKind): Promise<Buffer> {
  const columns = IMPORT_COLUMNS[kind];
  const wb = new ExcelJS.Workbook();
  wb.creator = '康采医药网';
  const sheet = wb.addWorksheet(IMPORT_KIND_LABELS[kind]);
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(10, c.header.length * 2 + 4),
  }));
  sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, c.example])));
  sheet.getRow(1).font = { bold: true };
  columns.forEach((c, i) => {
    if (c.required) sheet.getRow(1).getCell(i + 1).font = { bold: true, color: { argb: 'FFD9262C' } };
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const notes = wb.addWorksheet('说明');
  notes.columns = [
    { header: '列名', key: 'header', width: 14 },
    { header: '必须有此列', key: 'required', width: 12 },
    { header: '填写说明', key: 'note', width: 80 },
  ];
  for (const c of columns) notes.addRow({ header: c.header, required: c.required ? '是' : '', note: c.note });
  notes.addRow({});
  const tail: Record<ImportKind, string> = {
    goods:
      '导出的商品表格可直接修改后导入：有ID的行更新该商品；没有ID时按通用名+规格+生产厂家+仓库匹配，匹配到则更新，否则新增。',
    lots: '每行入库一个批次：已有同一批号（日期一致）时增加其数量，否则新建批次。每行记一条库存流水。',
    prices: '只更新表格中有的列；会员价必填。阶梯价单元格为空表示取消阶梯价。',
  };
  notes.addRow({ header: '说明', note: tail[kind] });
  notes.addRow({
    header: '',
    note: '先点“预检”查看每行的问题；有任何错误时不会导入任何一行，改好后再导入。第一行为表头，只读取第一个工作表。',
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
