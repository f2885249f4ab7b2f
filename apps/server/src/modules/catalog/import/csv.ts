import { CsvError, Parser } from 'csv-parse';
import { AppError } from '../../../platform/errors.js';

/**
 * CSV as spreadsheets write it (RFC 4180: quoted fields may hold commas, quotes and line
 * breaks), read by csv-parse. The bytes are UTF-8, with or without a BOM, or GBK (what Excel
 * in a Chinese locale saves as "CSV"): a file that is not valid UTF-8 is read as GBK.
 */

/** The text of a CSV file. */
export function decodeCsv(bytes: Buffer): string {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('gbk').decode(body);
  }
}

/** How much text goes to the parser at once (in UTF-16 units; a pair is never cut). */
const SLICE = 1 << 20;

/**
 * The records of a CSV text, one array of fields each, with the record's 1-based number (a
 * record with a line break inside quotes is one row, as a spreadsheet shows it; an empty line
 * is a row of one empty field). Records end at CRLF, LF or CR; rows may differ in length; a
 * quote inside an unquoted field is text. csv-parse's stream parser is fed a slice at a time
 * and its records read back before the next slice (write() and read() run synchronously on
 * a Transform whose reading side is drained), so only one slice's records are held.
 */
export function* csvRecords(text: string): Generator<{ row: number; cells: string[] }> {
  const parser = new Parser({
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
  });
  let flushed = false;
  // The parser's error (a quote left open) is known at once as parser.errored; the 'error'
  // event comes on a later tick, after this generator has finished.
  parser.on('error', () => {});
  parser.once('prefinish', () => (flushed = true));
  let row = 0;
  const drained = function* () {
    for (let r = parser.read() as string[] | null; r !== null; r = parser.read() as string[] | null) {
      yield { row: ++row, cells: r };
    }
    if (parser.errored) throw unreadable(parser.errored, row);
  };
  try {
    for (let at = 0; at < text.length;) {
      let end = Math.min(text.length, at + SLICE);
      if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1]!)) end--;
      parser.write(text.slice(at, end));
      at = end;
      yield* drained();
    }
    parser.end();
    yield* drained();
    if (!flushed) throw new Error('csv-parse did not finish synchronously');
  } finally {
    parser.destroy();
  }
}

/** A CSV the parser refuses (a quote left open): the operator's file, said in its terms. */
function unreadable(err: unknown, rowsRead: number): unknown {
  if (!(err instanceof CsvError)) return err;
  const where = `第${rowsRead + 1}行附近`;
  return new AppError('validation', `CSV格式有误（${where}引号不配对），请用Excel另存为.csv后重试`, {
    file: `CSV格式有误：${where}`,
  });
}

const needsQuote = /[",\r\n]/;
// A cell a spreadsheet would run as a formula (CSV injection) is written with a leading
// apostrophe, which the import drops again (cellText).
const formulaLike = /^[=+\-@\t\r]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

/** One CSV field. */
export function csvField(value: string): string {
  const v = formulaLike.test(value) && !plainNumber.test(value) ? `'${value}` : value;
  return needsQuote.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Undoes csvField's apostrophe guard. */
export const unguard = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);
