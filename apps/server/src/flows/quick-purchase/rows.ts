import { QUICK_COLUMNS, QUICK_LIMITS, type QuickColumnKey } from '@kc/domain';
import { AppError, invalid } from '../../platform/errors.js';
import { Columns } from '../../modules/catalog/import/columns.js';
import { sheetRows, type SheetFormat, type SheetRow } from '../../modules/catalog/import/sheet.js';

/** One row of the buyer's list, as read. */
export interface ListRow {
  row: number;
  code: string;
  name: string;
  ypgg: string;
  sccj: string;
  approvalNo: string;
  wanted: number | null;
}

const WRONG_COLUMNS =
  '无法识别清单的列：第一行应为表头，包含“商品名称”或“批准文号”，以及“规格”“生产厂家”“数量”“商品编码”';

const tooMany = (n: number) =>
  invalid('file', `一次最多匹配${QUICK_LIMITS.maxRows}行，请分批上传（本次超过${n}行）`);

const norm = (s: string) => s.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');
const isHeaderCell = (text: string) =>
  QUICK_COLUMNS.some((c) => norm(c.header) === norm(text) || c.aliases.some((a) => norm(a) === norm(text)));

/** A quantity cell ("20", "20盒", "20.0"): its leading number, or null. */
export function wantedOf(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)/.exec(text.replace(/[,，]/g, ''));
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isFinite(n) && n > 0 ? n : null;
}

const APPROVAL = /(国药准字|国食健字|国药证字|国械注|械注|械备|注准|卫消|[A-Z]\d{8}$)/i;
const SPEC = /(\d|\*|×|[a-z]{1,2}$)/i;
const MAKER = /(公司|厂|药业|制药|集团|股份|医药|药材|药房)/;

/**
 * The cells of a row pasted without a header, read by what they look like: an approval number,
 * a quantity (the last number), the buyer's code (a leading code of letters and digits), then
 * name, specification and maker among the texts. A list with a header row is read by its headers.
 */
export function guessCells(cells: readonly string[]): Omit<ListRow, 'row'> {
  const left = cells.map((c) => c.trim()).filter(Boolean);
  const take = (i: number) => left.splice(i, 1)[0] ?? '';
  const approvalAt = left.findIndex((c) => APPROVAL.test(c));
  const approvalNo = approvalAt >= 0 ? take(approvalAt) : '';
  let numberAt = -1;
  left.forEach((c, i) => {
    if (/^\d+(\.\d+)?\s*[\u4e00-\u9fa5]{0,2}$/.test(c)) numberAt = i;
  });
  const wanted = numberAt > 0 || (numberAt === 0 && left.length === 1) ? wantedOf(take(numberAt)) : null;
  const code = left.length > 1 && /^[A-Za-z0-9._-]+$/.test(left[0]!) ? take(0) : '';
  const name = left.length > 0 ? take(0) : '';
  const specAt = left.findIndex((c) => SPEC.test(c) && !MAKER.test(c));
  const ypgg = specAt >= 0 ? take(specAt) : '';
  const makerAt = left.findIndex((c) => MAKER.test(c));
  const sccj = makerAt >= 0 ? take(makerAt) : (left[0] ?? '');
  return { code, name, ypgg, sccj, approvalNo, wanted };
}

/** Reads rows through the header (when the first row is one) or by guessing, up to the row limit. */
async function readRows(
  rows: AsyncIterable<SheetRow> | Iterable<SheetRow>,
  needHeader: boolean,
): Promise<ListRow[]> {
  const out: ListRow[] = [];
  let columns: Columns<QuickColumnKey> | null = null;
  let first = true;
  for await (const r of rows) {
    if (first) {
      first = false;
      const known = r.cells.filter((c) => c && isHeaderCell(c)).length;
      if (known >= 2 || (known === 1 && (needHeader || r.cells.filter(Boolean).length === 1))) {
        columns = Columns.read<QuickColumnKey>(QUICK_COLUMNS, r.cells).columns;
        if (!columns.has('name') && !columns.has('approvalNo')) throw invalid('file', WRONG_COLUMNS);
        continue;
      }
      // A file's first row is its header: one without a column we know is not a purchase list.
      if (needHeader) throw invalid('file', WRONG_COLUMNS);
    }
    if (out.length >= QUICK_LIMITS.maxRows) throw tooMany(QUICK_LIMITS.maxRows);
    if (columns) {
      const rd = columns.reader(r.row, r.cells);
      const text = (k: QuickColumnKey) => rd.text(k).slice(0, 200);
      out.push({
        row: r.row,
        code: text('code').slice(0, QUICK_LIMITS.maxCodeChars),
        name: text('name'),
        ypgg: text('ypgg'),
        sccj: text('sccj'),
        approvalNo: text('approvalNo'),
        wanted: wantedOf(text('number')),
      });
    } else {
      const g = guessCells(r.cells.map((c) => c.slice(0, 200)));
      out.push({ row: r.row, ...g, code: g.code.slice(0, QUICK_LIMITS.maxCodeChars) });
    }
  }
  const usable = out.filter((r) => r.name || r.approvalNo || r.code);
  if (usable.length === 0) throw invalid('file', '清单中没有可匹配的商品行');
  return usable;
}

/** The rows of a pasted list: tab-separated as copied from a spreadsheet (else commas, else spaces). */
export function pastedRows(text: string): Promise<ListRow[]> {
  const lines = text.split(/\r\n|\n|\r/);
  const sep = text.includes('\t') ? '\t' : /[,，]/.test(text) ? /[,，]/ : /\s+/;
  const rows: SheetRow[] = [];
  lines.forEach((line, i) => {
    const cells = line
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
      .split(sep)
      .map((c) => c.trim());
    if (cells.some(Boolean)) rows.push({ row: i + 1, cells });
  });
  if (rows.length > QUICK_LIMITS.maxRows + 1) throw tooMany(QUICK_LIMITS.maxRows);
  return readRows(rows, false).catch((err: unknown) => {
    if (err instanceof AppError && err.fields?.file) throw invalid('text', err.message);
    throw err;
  });
}

/** The rows of an uploaded .xlsx or .csv list (an ERP export: its first row names the columns). */
export function fileRows(bytes: Buffer, format: SheetFormat): Promise<ListRow[]> {
  return readRows(sheetRows(bytes, format), true);
}
