import { sql, type SQL } from 'drizzle-orm';
import {
  QI_REPORT_RULES,
  chinaDateTime,
  paginate,
  type AdminQiReportListQuery,
  type Paginated,
  type QiReportSearch,
  type QiReportView,
} from '@kc/domain';
import { escapeLike, rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { FILE_COLUMNS, fileBody, withUploads, type CheckedFile, type FileRow } from '../account/uploads.js';

type Row = {
  id: number;
  goods_id: number;
  name: string;
  ypgg: string;
  sccj: string;
  approval_no: string;
  batch_no: string;
  produced_on: string | null;
  expires_on: string | null;
  created_at: Date | string;
  mime: string;
};

const like = (s: string) => `%${escapeLike(s)}%`;

async function list(
  db: Queryable,
  where: SQL,
  q: { page: number; page_size: number },
  fileBase: string,
): Promise<Paginated<QiReportView>> {
  const from = sql`from qi_reports r join goods g on g.id = r.goods_id where ${where}`;
  const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n ${from}`));
  const rows = rowsOf<Row>(
    await db.execute(sql`select r.id, r.goods_id, g.name, g.ypgg, g.sccj, g.approval_no, r.batch_no, r.created_at, r.mime,
        (select to_char(min(l.produced_on), 'YYYY-MM-DD') from goods_lots l where l.goods_id = r.goods_id and l.batch_no = r.batch_no) as produced_on,
        (select to_char(min(l.expires_on), 'YYYY-MM-DD') from goods_lots l where l.goods_id = r.goods_id and l.batch_no = r.batch_no) as expires_on
      ${from} order by r.created_at desc, r.id desc
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`),
  );
  return paginate(
    rows.map((r) => ({
      id: r.id,
      goods: { id: r.goods_id, name: r.name, ypgg: r.ypgg, sccj: r.sccj, approval_no: r.approval_no },
      batch_no: r.batch_no,
      produced_on: r.produced_on ?? '',
      expires_on: r.expires_on ?? '',
      uploaded_at: chinaDateTime(r.created_at),
      mime: r.mime,
      file_url: `${fileBase}/${r.id}/file`,
    })),
    total?.n ?? 0,
    q,
  );
}

/** `GET /api/qi_reports`: a buyer's search by goods (name, pinyin initials, maker, approval number) and batch. */
export function searchQiReports(db: Queryable, q: QiReportSearch): Promise<Paginated<QiReportView>> {
  const kw = q.keyword.toLowerCase();
  const where = sql.join(
    [
      sql`g.on_shelf`,
      kw
        ? sql`(g.name ilike ${like(kw)} or g.sccj ilike ${like(kw)} or g.approval_no ilike ${like(kw)}
            or g.py_initials like ${`${kw.replace(/[\\%_]/g, '')}%`})`
        : sql`true`,
      q.batch_no ? sql`r.batch_no ilike ${like(q.batch_no)}` : sql`true`,
    ],
    sql` and `,
  );
  return list(db, where, q, '/api/qi_reports');
}

/** `GET /api/goods/:id/qi_reports`: every report of one goods, newest first (the goods page). */
export function goodsQiReports(db: Queryable, goodsId: number): Promise<Paginated<QiReportView>> {
  return list(db, sql`r.goods_id = ${goodsId} and g.on_shelf`, { page: 1, page_size: 50 }, '/api/qi_reports');
}

/** `GET /api/admin/qi_reports`. */
export function adminQiReports(db: Queryable, q: AdminQiReportListQuery): Promise<Paginated<QiReportView>> {
  const where = sql.join(
    [
      q.goods_id ? sql`r.goods_id = ${q.goods_id}` : sql`true`,
      q.keyword
        ? sql`(g.name ilike ${like(q.keyword)} or r.batch_no ilike ${like(q.keyword)} or g.approval_no ilike ${like(q.keyword)})`
        : sql`true`,
    ],
    sql` and `,
  );
  return list(db, where, q, '/api/admin/qi_reports');
}

/**
 * Keeps a report for a goods and batch (replacing the one it had): the file in the file store
 * (owned by no member), the row written in the same transaction. Answers the report.
 */
export async function saveQiReport(
  db: Db,
  goodsId: number,
  batchNo: string,
  file: CheckedFile,
  operatorId: number | null,
  now: Date,
): Promise<QiReportView> {
  const [g] = rowsOf<{ id: number }>(await db.execute(sql`select id from goods where id = ${goodsId}`));
  if (!g) throw notFound('商品不存在');
  const upload = {
    mime: file.kind.mime,
    name: `质检报告-${goodsId}-${batchNo}.${file.kind.ext}`,
    bytes: file.bytes,
    sha256: file.sha256,
  };
  const id = await withUploads(db, null, [upload], now, async (tx, [fileId]) => {
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into qi_reports (goods_id, batch_no, file_id, mime, operator_id, created_at)
        values (${goodsId}, ${batchNo}, ${fileId!}, ${upload.mime}, ${operatorId}, ${now})
        on conflict (goods_id, batch_no) do update set file_id = excluded.file_id, mime = excluded.mime,
          operator_id = excluded.operator_id, created_at = excluded.created_at
        returning id`),
    );
    return row!.id;
  });
  const view = (await list(db, sql`r.id = ${id}`, { page: 1, page_size: 1 }, '/api/admin/qi_reports'))
    .list[0];
  return view!;
}

/** Removes a report (its file row stays until the files are swept). */
export async function deleteQiReport(db: Queryable, id: number): Promise<QiReportView> {
  const view = (await list(db, sql`r.id = ${id}`, { page: 1, page_size: 1 }, '/api/admin/qi_reports'))
    .list[0];
  if (!view) throw notFound('质检报告不存在');
  await db.execute(sql`delete from qi_reports where id = ${id}`);
  return view;
}

/** A report's file (members: only for goods on sale). */
export async function qiReportFile(db: Queryable, id: number, operator: boolean) {
  const [f] = rowsOf<FileRow>(
    await db.execute(sql`select ${FILE_COLUMNS} from qi_reports r join uploaded_files f on f.id = r.file_id
      join goods g on g.id = r.goods_id where r.id = ${id} ${operator ? sql`` : sql`and g.on_shelf`}`),
  );
  if (!f) throw notFound('质检报告不存在');
  return fileBody(db, f);
}

export const QI_UPLOAD = {
  field: QI_REPORT_RULES.field,
  maxFiles: 1,
  maxFields: 4,
  types: QI_REPORT_RULES.types,
  message: (why: 'size' | 'type' | 'count' | 'missing') =>
    why === 'size'
      ? '文件不能超过5MB'
      : why === 'count'
        ? '一次只能上传一个文件'
        : why === 'missing'
          ? '请选择质检报告文件'
          : '仅支持PDF、JPG或PNG文件',
} as const;
