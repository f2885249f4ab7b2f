import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ERRORS,
  type ImportKind,
  type ImportReport,
  type ImportRowError,
} from '@kc/domain';
import type { Db, Queryable, Tx } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { importJobs } from '../schema.js';
import { Columns, type RowReader } from './columns.js';
import { estimateRows, sheetRows, type SheetFormat } from './sheet.js';

/** Rows checked together (one lookup statement of each kind). */
export const BATCH = 1000;
/**
 * Rows written together (one transaction, one statement of each kind): larger than BATCH
 * because a write's fixed costs (commit, the job's progress row, GIN index pages touched)
 * are paid per batch; 5,000 goods rows with their search terms are a few MB.
 */
export const WRITE_BATCH = 5000;

/** A checked row: what to write (null when it has errors) and whether it creates or updates. */
export interface Checked<T> {
  value: T | null;
  action: 'create' | 'update';
}

/** What the writer is told besides the rows. */
export interface WriteContext {
  job: string;
  operatorId: number;
  now: Date;
}

/** One import kind: checks a batch of rows (adding errors to each reader), then writes checked rows. */
export interface ImportPlan<T> {
  check(rows: RowReader[]): Promise<Checked<T>[]>;
  write(tx: Tx, rows: T[], w: WriteContext): Promise<{ created: number; updated: number }>;
}

export type PlanFactory = (db: Queryable, columns: Columns) => Promise<ImportPlan<unknown>>;

export interface ImportRun {
  kind: ImportKind;
  plan: PlanFactory;
  bytes: Buffer;
  format: SheetFormat;
  fileName: string;
  dryRun: boolean;
  job?: string;
  operatorId: number;
  now: Date;
}

/**
 * Runs an import (decision 047). Pass 1 reads the file row by row, checks it in batches of
 * BATCH and spools the checked rows to a temporary file (one JSON line each); a dry run, or a
 * file with any error, stops there and writes nothing but the job row. Pass 2 reads the spool
 * back and writes WRITE_BATCH rows a transaction. The job row's progress is updated between batches
 * in statements of their own, so another instance (or the same one) can read it meanwhile.
 */
export async function runImport(db: Db, r: ImportRun): Promise<ImportReport> {
  const job = r.job ?? crypto.randomUUID();
  const inserted = await db
    .insert(importJobs)
    .values({
      id: job,
      kind: r.kind,
      operatorId: r.operatorId,
      dryRun: r.dryRun,
      fileName: r.fileName.slice(0, 200),
    })
    .onConflictDoNothing()
    .returning({ id: importJobs.id });
  if (inserted.length === 0) throw new AppError('conflict', '该导入任务编号已使用，请重新选择文件');
  // While it runs, the job's report says the phase: 'check' (rows_total an estimate) or
  // 'write' (rows_total exact).
  const progress = (phase: 'check' | 'write', done: number, total: number) =>
    db
      .update(importJobs)
      .set({ rowsDone: done, rowsTotal: total, report: { phase }, updatedAt: sql`now()` })
      .where(eq(importJobs.id, job));
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-import-'));
  const spoolFile = path.join(spoolDir, 'rows.ndjson');
  try {
    const { report, plan } = await checkAll(db, r, job, spoolFile, progress);
    if (plan && !report.dry_run && report.error_count === 0 && report.rows > 0) {
      await writeAll(db, plan, r, job, spoolFile, report, progress);
      report.committed = true;
    }
    await db
      .update(importJobs)
      .set({
        status: 'done',
        rowsDone: report.rows,
        rowsTotal: report.rows,
        report,
        updatedAt: sql`now()`,
      })
      .where(eq(importJobs.id, job));
    return report;
  } catch (err) {
    const message = err instanceof AppError ? err.message : '导入失败，请稍后重试';
    await db
      .update(importJobs)
      .set({ status: 'failed', report: { message }, updatedAt: sql`now()` })
      .where(eq(importJobs.id, job))
      .catch(() => {});
    throw err;
  } finally {
    fs.rmSync(spoolDir, { recursive: true, force: true });
  }
}

async function checkAll(
  db: Db,
  r: ImportRun,
  job: string,
  spoolFile: string,
  progress: (phase: 'check' | 'write', done: number, total: number) => Promise<unknown>,
): Promise<{ report: ImportReport; plan: ImportPlan<unknown> | null }> {
  const estimate = estimateRows(r.bytes, r.format);
  const report: ImportReport = {
    rows: 0,
    created: 0,
    updated: 0,
    errors: [],
    error_count: 0,
    dry_run: r.dryRun,
    committed: false,
    job,
  };
  const addErrors = (errs: ImportRowError[]) => {
    report.error_count += errs.length;
    for (const e of errs) if (report.errors.length < IMPORT_MAX_ERRORS) report.errors.push(e);
  };
  const spool = fs.createWriteStream(spoolFile);
  const spoolWrite = (line: string) =>
    spool.write(line) ? Promise.resolve() : new Promise<void>((res) => spool.once('drain', res));
  let columns: Columns | null = null;
  let plan: ImportPlan<unknown> | null = null;
  let batch: RowReader[] = [];
  const flush = async () => {
    if (!plan || batch.length === 0) return;
    const checked = await plan.check(batch);
    for (const [i, c] of checked.entries()) {
      const reader = batch[i]!;
      if (reader.errors.length > 0) {
        addErrors(reader.errors);
        continue;
      }
      if (c.action === 'create') report.created++;
      else report.updated++;
      // Once the file has an error nothing will be written: stop spooling.
      if (!r.dryRun && report.error_count === 0) await spoolWrite(JSON.stringify(c.value) + '\n');
    }
    batch = [];
    await progress('check', report.rows, Math.max(estimate, report.rows));
  };
  try {
    for await (const { row, cells } of sheetRows(r.bytes, r.format)) {
      if (!columns) {
        const head = Columns.read(IMPORT_COLUMNS[r.kind], cells);
        if (head.errors.length > 0) {
          addErrors(head.errors);
          break;
        }
        columns = head.columns;
        plan = await r.plan(db, columns);
        continue;
      }
      report.rows++;
      batch.push(columns.reader(row, cells));
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  } finally {
    await new Promise<void>((res) => spool.end(res));
  }
  if (!columns && report.error_count === 0) addErrors([{ row: 1, column: '', message: '文件没有表头行' }]);
  if (report.error_count > 0) {
    // A refused file: the counts say nothing, it is the errors that matter.
    report.created = 0;
    report.updated = 0;
  }
  return { report, plan };
}

async function writeAll(
  db: Db,
  plan: ImportPlan<unknown>,
  r: ImportRun,
  job: string,
  spoolFile: string,
  report: ImportReport,
  progress: (phase: 'check' | 'write', done: number, total: number) => Promise<unknown>,
): Promise<void> {
  const w: WriteContext = { job, operatorId: r.operatorId, now: r.now };
  let rows: unknown[] = [];
  let done = 0;
  let created = 0;
  let updated = 0;
  await progress('write', 0, report.rows);
  const flush = async () => {
    if (rows.length === 0) return;
    const batch = rows;
    rows = [];
    const res = await db.transaction(async (tx) => {
      // A bigger GIN pending list and the memory to merge it: the goods' six GIN indexes
      // (search terms, trigrams) take thousands of new entries a batch.
      await tx.execute(sql`set local work_mem = '64MB'`);
      await tx.execute(sql`set local gin_pending_list_limit = '16MB'`);
      return plan.write(tx, batch, w);
    });
    created += res.created;
    updated += res.updated;
    done += batch.length;
    await progress('write', done, report.rows);
  };
  for await (const line of spoolLines(spoolFile)) {
    rows.push(JSON.parse(line));
    if (rows.length >= WRITE_BATCH) await flush();
  }
  await flush();
  report.created = created;
  report.updated = updated;
}

/** The lines of the spool, read in chunks (the file holds one JSON row a line). */
async function* spoolLines(file: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) yield line;
  }
  if (rest) yield rest;
}
