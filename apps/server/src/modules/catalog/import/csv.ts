/**
 * CSV as spreadsheets write it (RFC 4180: quoted fields may hold commas, quotes and line
 * breaks). The bytes are UTF-8, with or without a BOM, or GBK (what Excel in a Chinese locale
 * saves as "CSV"): a file that is not valid UTF-8 is read as GBK.
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

/** The records of a CSV text, one array of fields each, with the record's 1-based number. */
export function* csvRecords(text: string): Generator<{ row: number; cells: string[] }> {
  let row = 0;
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      // Copy a run of plain characters at once: most of a file is plain.
      const next = text.indexOf('"', i);
      const end = next === -1 ? n : next;
      field += text.slice(i, end);
      i = end;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i++;
    } else if (ch === ',') {
      cells.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      cells.push(field);
      field = '';
      yield { row: ++row, cells };
      cells = [];
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      let j = i;
      while (j < n) {
        const c = text[j];
        if (c === ',' || c === '\r' || c === '\n') break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
    }
  }
  if (field !== '' || cells.length > 0) {
    cells.push(field);
    yield { row: ++row, cells };
  }
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
