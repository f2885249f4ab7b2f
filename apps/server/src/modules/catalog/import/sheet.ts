import { AppError } from '../../../platform/errors.js';
import { csvRecords, decodeCsv, unguard } from './csv.js';
import { xlsxLastRow, xlsxRows } from './xlsx-read.js';

/** One row of the first worksheet: its number as the spreadsheet shows it and its cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

export type SheetFormat = 'xlsx' | 'csv';

/** Excel's day 0 (1899-12-30) in ms: a date cell read without styles is a day count from it. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** An Excel serial day number (a date cell read without styles) as YYYY-MM-DD, or null. */
export function serialDate(text: string): string | null {
  if (!/^\d{5}(\.\d+)?$/.test(text)) return null;
  const days = Math.floor(Number(text));
  if (days < 20000 || days > 80000) return null;
  return new Date(EXCEL_EPOCH + days * 86_400_000).toISOString().slice(0, 10);
}

const blank = (cells: string[]) => cells.every((c) => c === '');

/** A cell as the import reads it: trimmed, control characters but tab and line feed (the unit separator too) as spaces. */
// eslint-disable-next-line no-control-regex
const clean = (c: string) => unguard(c.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').trim());

/**
 * The rows of an import file, header first, blank rows skipped. An .xlsx's first worksheet is
 * inflated and read row by row (xlsx-read.ts), so only the current rows are held; a CSV is
 * decoded once and split record by record.
 */
export async function* sheetRows(bytes: Buffer, format: SheetFormat): AsyncGenerator<SheetRow> {
  if (format === 'csv') {
    for (const r of csvRecords(decodeCsv(bytes))) {
      const cells = r.cells.map(clean);
      if (!blank(cells)) yield { row: r.row, cells };
    }
    return;
  }
  try {
    for await (const { row, cells } of xlsxRows(bytes)) {
      const texts = cells.map(clean);
      if (!blank(texts)) yield { row, cells: texts };
    }
  } catch {
    // A damaged zip, a foreign file named .xlsx, bad deflate data: the operator's file, not us.
    throw new AppError('validation', '无法读取文件，请确认是有效的.xlsx或.csv文件', { file: '无法读取文件' });
  }
}

/**
 * About how many data rows a file holds, for the progress bar while it is checked: the
 * worksheet's declared last row, or a CSV's line count (0x0A is never part of a GBK or UTF-8
 * character); 0 when unknown. Blank rows and line breaks inside quotes make it approximate.
 */
export function estimateRows(bytes: Buffer, format: SheetFormat): number {
  if (format === 'xlsx') return Math.max(0, (xlsxLastRow(bytes) ?? 1) - 1);
  let lines = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
  if (bytes.length > 0 && bytes[bytes.length - 1] !== 10) lines++;
  return Math.max(0, lines - 1);
}
