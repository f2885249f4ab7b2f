import { PassThrough, Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  GOODS_COLUMNS,
  GOODS_ZONE_LABELS,
  LOT_EXPORT_HEADERS,
  RX_CLASS_IMPORT_LABELS,
  fenToYuan,
  formatLadder,
  formatYesNo,
  type GoodsExportQuery,
  type GoodsTag,
  type GoodsZone,
  type LadderTier,
  type RxClass,
} from '@kc/domain';
import { escapeLike, rowsOf, type Queryable } from '../../../platform/db.js';
import { csvField } from './csv.js';
import { loadLookups, type Lookups } from './lookup.js';

/** Rows read a statement while exporting (keyset pages by id). */
const PAGE = 2000;

type Cell = string | number;

interface GoodsExportRow {
  id: number;
  name: string;
  tradeName: string;
  ypgg: string;
  sccj: string;
  approvalNo: string;
  innName: string;
  dosageForm: string;
  rxClass: RxClass;
  scopeClass: string;
  categoryId: number;
  brandId: number | null;
  ckId: number;
  bzdw: string;
  zbz: number;
  jzl: number;
  basePrice: number;
  price: number;
  ladderPrice: LadderTier[];
  qgNumber: number;
  zones: string[];
  tags: GoodsTag[];
  storage: string;
  isHm: boolean;
  onShelf: boolean;
  isFreeShipping: boolean;
  freeShippingNumber: number;
  images: string[];
}

/** One goods as its import row (GOODS_COLUMNS order): what imports back unchanged. */
function goodsCells(g: GoodsExportRow, l: Lookups): Cell[] {
  const byKey: Record<(typeof GOODS_COLUMNS)[number]['key'], Cell> = {
    id: g.id,
    name: g.name,
    tradeName: g.tradeName,
    ypgg: g.ypgg,
    sccj: g.sccj,
    approvalNo: g.approvalNo,
    innName: g.innName,
    dosageForm: g.dosageForm,
    rxClass: RX_CLASS_IMPORT_LABELS[g.rxClass] ?? '',
    scopeClass: g.scopeClass,
    category: (l.categoryNames.get(g.categoryId) ?? []).join('/'),
    brand: g.brandId ? (l.brandName.get(g.brandId) ?? '') : '',
    warehouse: l.warehouseName.get(g.ckId) ?? '',
    bzdw: g.bzdw,
    zbz: g.zbz,
    jzl: g.jzl,
    basePrice: fenToYuan(g.basePrice),
    price: fenToYuan(g.price),
    ladder: formatLadder(g.ladderPrice),
    qgNumber: g.qgNumber,
    zones: g.zones.map((z) => GOODS_ZONE_LABELS[z as GoodsZone] ?? z).join(';'),
    tags: g.tags.map((t) => t.name).join(';'),
    storage: g.storage,
    isHm: formatYesNo(g.isHm),
    onShelf: formatYesNo(g.onShelf),
    isFreeShipping: formatYesNo(g.isFreeShipping),
    freeShippingNumber: g.freeShippingNumber,
    images: g.images.join(';'),
  };
  return GOODS_COLUMNS.map((c) => byKey[c.key] ?? '');
}

/** The goods list filters the export honours: keyword, category (with its descendants), on sale. */
function goodsFilter(q: GoodsExportQuery, l: Lookups): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    parts.push(sql`(g.name ilike ${like} or g.trade_name ilike ${like} or g.sccj ilike ${like}
      or g.approval_no ilike ${like} or g.py_initials like ${like.toLowerCase()})`);
  }
  if (q.category_id) {
    const prefix = (l.categoryNames.get(q.category_id) ?? []).join('/');
    const ids = [...l.categoryNames.entries()]
      .filter(([, names]) => {
        const p = names.join('/');
        return prefix && (p === prefix || p.startsWith(`${prefix}/`));
      })
      .map(([id]) => id);
    parts.push(sql`g.category_id = any(${sql.param(ids.length ? ids : [0])}::int[])`);
  }
  if (q.on_shelf) parts.push(sql`g.on_shelf = ${q.on_shelf === '1'}`);
  return sql.join(parts, sql` and `);
}

async function* goodsPages(db: Queryable, where: SQL): AsyncGenerator<GoodsExportRow[]> {
  let last = 0;
  for (;;) {
    const res = await db.execute(sql`
      select g.id, g.name, g.trade_name as "tradeName", g.ypgg, g.sccj, g.approval_no as "approvalNo", g.inn_name as "innName",
        g.dosage_form as "dosageForm", g.rx_class as "rxClass", g.scope_class as "scopeClass",
        g.category_id as "categoryId", g.brand_id as "brandId", g.ck_id as "ckId", g.bzdw, g.zbz, g.jzl,
        g.base_price as "basePrice", g.price, g.ladder_price as "ladderPrice", g.qg_number as "qgNumber",
        g.zones, g.tags, g.storage, g.is_hm as "isHm", g.on_shelf as "onShelf",
        g.is_free_shipping as "isFreeShipping", g.free_shipping_number as "freeShippingNumber", g.images
      from goods g where g.id > ${last} and ${where} order by g.id limit ${PAGE}`);
    const rows = rowsOf<GoodsExportRow>(res);
    if (rows.length === 0) return;
    yield rows;
    last = rows[rows.length - 1]!.id;
    if (rows.length < PAGE) return;
  }
}

interface LotExportRow {
  goodsId: number;
  name: string;
  ypgg: string;
  sccj: string;
  ckId: number;
  batchNo: string;
  producedOn: string;
  expiresOn: string;
  receivedQuantity: number;
  quantity: number;
  supplier: string;
  unitCost: number;
  receivedAt: string;
  id: number;
}

async function* lotPages(db: Queryable, goodsId: number | undefined): AsyncGenerator<Cell[][]> {
  const l = await loadLookups(db);
  let last = 0;
  for (;;) {
    const res = await db.execute(sql`
      select l.id, l.goods_id as "goodsId", g.name, g.ypgg, g.sccj, g.ck_id as "ckId", l.batch_no as "batchNo",
        l.produced_on::text as "producedOn", l.expires_on::text as "expiresOn",
        l.received_quantity as "receivedQuantity", l.quantity, l.supplier, l.unit_cost as "unitCost",
        to_char(l.received_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as "receivedAt"
      from goods_lots l join goods g on g.id = l.goods_id
      where l.id > ${last} ${goodsId ? sql`and l.goods_id = ${goodsId}` : sql``}
      order by l.id limit ${PAGE}`);
    const rows = rowsOf<LotExportRow>(res);
    if (rows.length === 0) return;
    yield rows.map((r) => [
      r.goodsId,
      r.name,
      r.ypgg,
      r.sccj,
      l.warehouseName.get(r.ckId) ?? '',
      r.batchNo,
      r.producedOn,
      r.expiresOn,
      r.receivedQuantity,
      r.quantity,
      r.supplier,
      fenToYuan(r.unitCost),
      r.receivedAt,
    ]);
    last = rows[rows.length - 1]!.id;
    if (rows.length < PAGE) return;
  }
}

/** Rows as a streamed .xlsx (exceljs's streaming writer: rows are committed as they come). */
function xlsxStream(
  sheetName: string,
  headers: readonly string[],
  pages: AsyncGenerator<Cell[][]>,
): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = wb.addWorksheet(sheetName);
  void (async () => {
    sheet.addRow([...headers]).commit();
    for await (const rows of pages) for (const r of rows) sheet.addRow(r).commit();
    sheet.commit();
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** Rows as a streamed UTF-8 CSV with a BOM (so Excel reads the Chinese right). */
function csvStream(headers: readonly string[], pages: AsyncGenerator<Cell[][]>): Readable {
  const line = (cells: readonly Cell[]) => cells.map((c) => csvField(String(c))).join(',') + '\r\n';
  return Readable.from(
    (async function* () {
      yield '\uFEFF' + line(headers);
      for await (const rows of pages) yield rows.map(line).join('');
    })(),
  );
}

/** `GET /api/admin/goods/export`: every goods matching the filters, in the goods import's columns. */
export async function exportGoods(db: Queryable, q: GoodsExportQuery): Promise<Readable> {
  const l = await loadLookups(db);
  const where = goodsFilter(q, l);
  const pages = (async function* () {
    for await (const rows of goodsPages(db, where)) yield rows.map((g) => goodsCells(g, l));
  })();
  const headers = GOODS_COLUMNS.map((c) => c.header);
  return q.format === 'csv' ? csvStream(headers, pages) : xlsxStream('商品', headers, pages);
}

/** `GET /api/admin/lots/export`: every lot (a stock report; see LOT_EXPORT_HEADERS). */
export function exportLots(db: Queryable, q: { format: 'xlsx' | 'csv'; goods_id?: number }): Readable {
  const pages = lotPages(db, q.goods_id);
  return q.format === 'csv'
    ? csvStream(LOT_EXPORT_HEADERS, pages)
    : xlsxStream('批号库存', LOT_EXPORT_HEADERS, pages);
}

/** Content-Disposition with a Chinese file name (RFC 6266 / 5987: an ASCII fallback and filename*). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
