import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

/**
 * A streaming reader of the first worksheet of an .xlsx held in memory (decision 047).
 * exceljs's streaming WorkbookReader loses the shared strings now and then when a workbook
 * stores its worksheet before xl/sharedStrings.xml (as Excel and exceljs itself do): the
 * worksheet goes to a temporary file while the zip stream runs on, and 2 files in 300 came
 * back with blank text cells. Here yauzl reads the zip's central directory first, the shared
 * strings are read whole, and the worksheet is inflated and fed to a saxes parser chunk by
 * chunk, so only the strings table and the rows of the current chunk are held.
 */

class XlsxError extends Error {}

/**
 * The file's bytes for yauzl. read() answers at once (yauzl documents it as "like fs.read";
 * it may call back synchronously), so the central directory, and a local header, are read
 * synchronously: xlsxLastRow is called without await.
 */
class BufferReader extends yauzl.RandomAccessReader {
  constructor(private readonly buf: Buffer) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    const buf = this.buf;
    // In 64 KiB slices, as yauzl's own buffer reader does, for the inflater.
    return Readable.from(
      (function* () {
        for (let at = start; at < end; at += 65_536) yield buf.subarray(at, Math.min(end, at + 65_536));
      })(),
      { objectMode: false },
    );
  }
  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null, bytesRead?: number) => void,
  ): void {
    const n = Math.max(0, Math.min(length, this.buf.length - position, buffer.length - offset));
    if (n > 0) this.buf.copy(buffer, offset, position, position + n);
    callback(null, n);
  }
}

/** Runs a yauzl call whose callback comes synchronously with a BufferReader. */
function now<T>(start: (done: (err: Error | null, value?: T) => void) => void): T {
  let settled = false;
  let error: Error | null = null;
  let value: T | undefined;
  start((err, v) => {
    settled = true;
    error = err;
    value = v;
  });
  if (error) throw error;
  if (!settled || value === undefined) throw new XlsxError('zip read did not complete');
  return value;
}

interface Zip {
  buf: Buffer;
  file: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
}

/** The zip's central directory (ZIP64 too), read by yauzl. */
function openZip(buf: Buffer): Zip {
  const file = now<yauzl.ZipFile>((done) =>
    yauzl.fromRandomAccessReader(
      new BufferReader(buf),
      buf.length,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true },
      done,
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  let error: Error | null = null;
  file.on('entry', (e: yauzl.Entry) => entries.set(e.fileName, e));
  file.on('error', (err: Error) => (error ??= err));
  for (let n = 0; n < file.entryCount; n++) {
    const read = file.entriesRead;
    file.readEntry();
    if (error) throw error;
    if (file.entriesRead !== read + 1) throw new XlsxError('zip read did not complete');
  }
  return { buf, file, entries };
}

/** An entry's inflated bytes as a stream (yauzl checks the sizes). */
function openEntry(zip: Zip, e: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.file.openReadStream(e, (err, stream) => (err ? reject(err) : resolve(stream))),
  );
}

/**
 * Feeds an entry's text to a saxes parser whose handlers the caller has set, yielding after
 * every chunk (the rows parsed so far can be handed on there).
 */
async function* parseEntry(zip: Zip, e: yauzl.Entry, parser: SaxesParser): AsyncGenerator<void> {
  const stream = await openEntry(zip, e);
  // A UTF-8 character may straddle two chunks: the decoder keeps the partial bytes.
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    parser.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
  yield;
}

/** Feeds a whole entry, if the zip has it, to a saxes parser. */
async function parseWhole(zip: Zip, name: string, parser: SaxesParser): Promise<void> {
  const e = zip.entries.get(name);
  if (e) for await (const _ of parseEntry(zip, e, parser));
}

const ENTITY: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Excel's _xHHHH_ escapes (_x000D_ for a carriage return) in text the XML parser has read. */
const unescapeX = (s: string) =>
  s.includes('_x')
    ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : s;

/** XML text with its entities resolved (and Excel's _x000D_ escapes). */
export function xmlText(s: string): string {
  if (!s.includes('&')) return unescapeX(s);
  return unescapeX(
    s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : m;
      }
      return ENTITY[e] ?? m;
    }),
  );
}

const newParser = () => new SaxesParser({ xmlns: false, position: false });

/**
 * The shared strings table: each <si>'s text, plain (<t>) or rich (the <t> of every <r> run);
 * phonetic guides (<rPh>) are not part of the cell's text.
 */
async function sharedStrings(zip: Zip): Promise<string[]> {
  const out: string[] = [];
  const parser = newParser();
  let text = '';
  let inT = false;
  let phonetic = 0;
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (tag.name === 't') inT = phonetic === 0;
    else if (tag.name === 'si') text = '';
    else if (tag.name === 'rPh') phonetic++;
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    if (tag.name === 't') inT = false;
    else if (tag.name === 'si') out.push(unescapeX(text));
    else if (tag.name === 'rPh') phonetic--;
  });
  parser.on('text', (t) => {
    if (inT) text += t;
  });
  parser.on('cdata', (t) => {
    if (inT) text += t;
  });
  await parseWhole(zip, 'xl/sharedStrings.xml', parser);
  return out;
}

/**
 * A small part's whole text (workbook.xml and its relationships), read synchronously: yauzl
 * finds the data after the local header, zlib inflates it.
 */
function partText(zip: Zip, name: string): string | null {
  const e = zip.entries.get(name);
  if (!e) return null;
  const { fileDataStart } = now<yauzl.LocalFileHeader>((done) =>
    zip.file.readLocalFileHeader(e, { minimal: true }, done),
  );
  const data = zip.buf.subarray(fileDataStart, fileDataStart + e.compressedSize);
  if (e.compressionMethod === 0) return data.toString('utf8');
  if (e.compressionMethod === 8) return zlib.inflateRawSync(data).toString('utf8');
  throw new XlsxError(`unsupported compression ${e.compressionMethod}`);
}

/** The first sheet's part name, from workbook.xml and its relationships. */
function firstSheet(zip: Zip): string {
  const wbXml = partText(zip, 'xl/workbook.xml');
  const relsXml = partText(zip, 'xl/_rels/workbook.xml.rels');
  let target: string | undefined;
  if (wbXml !== null && relsXml !== null) {
    let id: string | undefined;
    const wb = newParser();
    wb.on('opentag', (tag: SaxesTagPlain) => {
      if (tag.name === 'sheet' && id === undefined) id = tag.attributes['r:id'];
    });
    wb.write(wbXml).close();
    if (id !== undefined) {
      const rels = newParser();
      rels.on('opentag', (tag: SaxesTagPlain) => {
        if (tag.name === 'Relationship' && tag.attributes.Id === id) target ??= tag.attributes.Target;
      });
      rels.write(relsXml).close();
    }
  }
  if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  const any = [...zip.entries.keys()].filter((k) => /^xl\/worksheets\/[^/]+\.xml$/.test(k)).sort();
  if (!any[0]) throw new XlsxError('no worksheet');
  return any[0];
}

/** Column letters of a cell reference ('AB12' → 27, 0-based). */
function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

export interface XlsxRow {
  row: number;
  cells: string[];
}

/**
 * The rows of the first worksheet in order, cells as text (a gap in the row is ''). Rows are
 * numbered as the sheet numbers them (`r`), or counted when a writer leaves `r` out. A cell is
 * read as the import reads it: a shared or inline string's text, a number's (or formula
 * result's) text as stored, 是/否 for a boolean, '' for an error.
 */
export async function* xlsxRows(buf: Buffer): AsyncGenerator<XlsxRow> {
  const zip = openZip(buf);
  const strings = await sharedStrings(zip);
  const sheet = zip.entries.get(firstSheet(zip));
  if (!sheet) throw new XlsxError('no worksheet');

  const parser = newParser();
  let done: XlsxRow[] = [];
  let counted = 0;
  let cells: string[] | null = null;
  let next = 0;
  // The open cell: its column and type, and the text of its <v> (or inline <t>s).
  let at = -1;
  let type = 'n';
  let value: string | null = null;
  let collecting = false;

  parser.on('opentag', (tag: SaxesTagPlain) => {
    switch (tag.name) {
      case 'c': {
        const ref = tag.attributes.r;
        at = ref ? columnIndex(ref) : next;
        type = tag.attributes.t ?? 'n';
        value = null;
        break;
      }
      case 'v':
        if (type !== 'inlineStr' && value === null) {
          value = '';
          collecting = true;
        }
        break;
      case 't':
        if (type === 'inlineStr' && at >= 0) {
          value ??= '';
          collecting = true;
        }
        break;
      case 'row': {
        const r = tag.attributes.r;
        counted = r && /^\d+$/.test(r) ? Number(r) : counted + 1;
        cells = [];
        next = 0;
        break;
      }
    }
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    switch (tag.name) {
      case 'v':
      case 't':
        collecting = false;
        break;
      case 'c': {
        if (cells && at >= 0) {
          while (cells.length < at) cells.push('');
          cells[at] = cellValue(type, value, strings);
          next = at + 1;
        }
        at = -1;
        break;
      }
      case 'row':
        if (cells) done.push({ row: counted, cells });
        cells = null;
        break;
    }
  });
  parser.on('text', (t) => {
    if (collecting) value += t;
  });
  parser.on('cdata', (t) => {
    if (collecting) value += t;
  });

  for await (const _ of parseEntry(zip, sheet, parser)) {
    if (done.length === 0) continue;
    const rows = done;
    done = [];
    yield* rows;
  }
}

/** A cell's value as the import reads it: text, or a number's text. Booleans are 是/否. */
function cellValue(type: string, v: string | null, strings: string[]): string {
  if (v === null) return '';
  if (type === 'inlineStr') return unescapeX(v);
  if (type === 's') return strings[Number(v)] ?? '';
  if (type === 'b') return v === '1' ? '是' : '否';
  if (type === 'e') return '';
  return unescapeX(v);
}

/**
 * The last row number the first worksheet declares (`<dimension ref="A1:AA200001"/>`, written
 * before the rows), read from its first inflated bytes; null when the writer left it out.
 * Synchronous (a progress estimate, called without await): yauzl reads the zip with the
 * BufferReader, zlib inflates the first 16 KiB of the worksheet's data.
 */
export function xlsxLastRow(buf: Buffer): number | null {
  try {
    const zip = openZip(buf);
    const e = zip.entries.get(firstSheet(zip));
    if (!e) return null;
    const { fileDataStart } = now<yauzl.LocalFileHeader>((done) =>
      zip.file.readLocalFileHeader(e, { minimal: true }, done),
    );
    const data = buf.subarray(fileDataStart, fileDataStart + Math.min(e.compressedSize, 16_384));
    let head: string;
    if (e.compressionMethod === 0) head = data.toString('utf8');
    else if (e.compressionMethod === 8)
      head = zlib.inflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('utf8');
    else return null;
    let last: number | null = null;
    const parser = newParser();
    parser.on('opentag', (tag: SaxesTagPlain) => {
      if (tag.name !== 'dimension') return;
      const m = /^[A-Z]+\d+:[A-Z]+(\d+)$/.exec(tag.attributes.ref ?? '');
      if (m) last = Number(m[1]);
    });
    // The head ends mid-document (and maybe mid-tag): parse what is there, never close.
    try {
      parser.write(head);
    } catch {
      // a cut character or tag at the end of the head
    }
    return last;
  } catch {
    return null;
  }
}

export { XlsxError };
