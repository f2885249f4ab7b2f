/**
 * Spreadsheet import and export of goods, lots and prices (docs/api/admin-import.md, decision
 * 047): the columns of each file, how a cell is read, the call schemas and the report shapes.
 * The server reads uploads with these and the back office names its template columns from them.
 */
import { z } from 'zod';
import { IMPORT_KINDS, type ImportKind } from './admin-import-columns.js';

/**
 * Largest import file. The bench's 200,000 goods of every column are a 25.7 MB .xlsx (shared
 * strings, bench/src/import.ts); 40 MB leaves room for longer names and image lists.
 */
export const IMPORT_MAX_BYTES = 40 * 1024 * 1024;
/** Most errors a report lists (the count in `error_count` is exact). */
export const IMPORT_MAX_ERRORS = 1000;

export * from './admin-import-columns.js';
export * from './admin-import-cells.js';

// ── Calls ──────────────────────────────────────────────────────────────────────────────────

const flag = z.preprocess(
  (v) => (v === '' || v === undefined ? '0' : v),
  z
    .enum(['0', '1', 'true', 'false'], { error: 'dry_run只能是0或1' })
    .transform((v) => v === '1' || v === 'true'),
);

/** The form fields beside the `file` part of `POST /api/admin/{goods,lots,prices}/import`. */
export const importFieldsSchema = z.object({
  dry_run: flag,
  /** A UUID the client chose, to poll `GET /api/admin/imports/:job` while the call runs. */
  job: z.preprocess((v) => (v === '' ? undefined : v), z.uuid({ error: '任务编号须为UUID' }).optional()),
});
export type ImportFields = z.infer<typeof importFieldsSchema>;

export const importJobParamsSchema = z.object({ job: z.uuid({ error: '任务编号须为UUID' }) });
export const importTemplateParamsSchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: '模板类型只能是goods、lots或prices' }),
});

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `GET /api/admin/goods/export`: the file format and the goods list's cheap filters. */
export const goodsExportQuerySchema = z.object({
  format: z.preprocess(blank, z.enum(['xlsx', 'csv'], { error: '导出格式只能是xlsx或csv' }).default('xlsx')),
  keyword: z.preprocess(blank, z.string().trim().max(50).optional()),
  category_id: z.preprocess(blank, z.coerce.number().int().positive().max(2_147_483_647).optional()),
  on_shelf: z.preprocess(blank, z.enum(['0', '1'], { error: '上架筛选只能是0或1' }).optional()),
});
export type GoodsExportQuery = z.infer<typeof goodsExportQuerySchema>;

export const lotsExportQuerySchema = z.object({
  format: z.preprocess(blank, z.enum(['xlsx', 'csv'], { error: '导出格式只能是xlsx或csv' }).default('xlsx')),
  goods_id: z.preprocess(blank, z.coerce.number().int().positive().max(2_147_483_647).optional()),
});

// ── Replies ────────────────────────────────────────────────────────────────────────────────

export interface ImportRowError {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  /** The column header. */
  column: string;
  message: string;
}

/** What a dry run or a commit answers. */
export interface ImportReport {
  /** Data rows read (the header not counted; blank rows skipped). */
  rows: number;
  created: number;
  updated: number;
  /** The first IMPORT_MAX_ERRORS errors, in row order; `error_count` counts them all. */
  errors: ImportRowError[];
  error_count: number;
  dry_run: boolean;
  /** False when the commit wrote nothing because the file has errors. */
  committed: boolean;
  /** The job id (the client's, or one the server chose). */
  job: string;
}

export type ImportJobStatus = 'running' | 'done' | 'failed';

/** `GET /api/admin/imports/:job`: what the progress bar reads. */
export interface ImportJobView {
  job: string;
  kind: ImportKind;
  dry_run: boolean;
  status: ImportJobStatus;
  /** 'check' while rows are read and checked, 'write' while they are written. */
  phase: 'check' | 'write' | 'done';
  rows_done: number;
  /** While checking, the file's own estimate (0 when it gives none); while writing, the exact count. */
  rows_total: number;
  report: ImportReport | null;
}
