/** Streams a report as .xlsx (exceljs' streaming writer) or .csv straight into the reply. */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REPORT_TITLES, reportFileName, type ReportColumn, type ReportRange } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { reportBatches, type KeyedRow, type Report } from './report.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266/5987: an ASCII fallback name, and the Chinese one for every browser since 2012. */
export function attachment(name: string, ascii: string): string {
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Money columns ('12.90') go into the sheet as numbers with two decimals. */
const isMoney = (key: string) => /(price|cost|amount)$/.test(key);

function cellOf(key: string, v: unknown): unknown {
  if (typeof v === 'string' && isMoney(key) && /^-?\d+\.\d{2}$/.test(v)) return Number(v);
  return v ?? '';
}

function csvLine(values: unknown[]): string {
  return `${values
    .map((v) => {
      let s = String(v ?? '');
      // A member-typed name starting with = + - @ would run as a formula in Excel (CSV injection).
      if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',')}\r\n`;
}

/**
 * Waits while the client is slower than the database, so batches do not pile up in memory.
 * False once the client has gone (the reply destroyed the stream): stop reading.
 */
async function drained(out: PassThrough): Promise<boolean> {
  if (out.destroyed) return false;
  if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

/**
 * Sends the whole report as a file named `<title>_<from>_<to>.<format>`. Errors before the
 * first byte (a bad query) are thrown by the caller; one while streaming ends the download
 * broken (the client sees a truncated file) and is logged.
 */
export function sendReport<Q, Raw extends KeyedRow, Row>(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Queryable,
  r: Report<Q, Raw, Row>,
  q: Q,
  range: ReportRange,
  format: 'xlsx' | 'csv',
): FastifyReply {
  const title = REPORT_TITLES[r.name];
  const out = new PassThrough();
  const columns = r.columns as readonly ReportColumn<Row>[];
  const write = format === 'xlsx' ? writeXlsx : writeCsv;
  write(out, title, columns, reportBatches(db, r, q, range)).catch((err: unknown) => {
    req.log.error({ err, report: r.name }, 'report export failed while streaming');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .type(format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      attachment(reportFileName(title, range, format), reportFileName(r.name, range, format)),
    )
    .send(out);
}

async function writeXlsx<Row>(
  out: PassThrough,
  title: string,
  columns: readonly ReportColumn<Row>[],
  batches: AsyncGenerator<Row[]>,
): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = '康采医药网';
  const ws = wb.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.title,
    key: c.key,
    width: c.width,
    ...(isMoney(c.key) ? { style: { numFmt: '0.00' } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  for await (const rows of batches) {
    for (const row of rows) {
      const rec = row as Record<string, unknown>;
      ws.addRow(Object.fromEntries(columns.map((c) => [c.key, cellOf(c.key, rec[c.key])]))).commit();
    }
    if (!(await drained(out))) return;
  }
  ws.commit();
  await wb.commit();
}

async function writeCsv<Row>(
  out: PassThrough,
  _title: string,
  columns: readonly ReportColumn<Row>[],
  batches: AsyncGenerator<Row[]>,
): Promise<void> {
  // The BOM makes Excel read the file as UTF-8 (Chinese names stay readable).
  out.write(`\uFEFF${csvLine(columns.map((c) => c.title))}`);
  for await (const rows of batches) {
    out.write(
      rows.map((row) => csvLine(columns.map((c) => (row as Record<string, unknown>)[c.key]))).join(''),
    );
    if (!(await drained(out))) return;
  }
  out.end();
}
