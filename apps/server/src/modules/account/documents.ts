import { desc, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_TYPES,
  type EditDocumentInput,
  EXPIRY_WARNING_DAYS,
  chinaDate,
  UPLOAD_RULES,
  documentUploadSchema,
  type DocumentUploadInput,
  type QualificationDocumentView,
} from '@kc/domain';
import type { Readable } from 'node:stream';
import { rowsOf, type Db, type Queryable } from '../../platform/db.js';
import { invalid, notFound } from '../../platform/errors.js';
import { qualificationDocuments, uploadedFiles } from './schema.js';
import {
  FILE_COLUMNS,
  fileBody,
  withUploads,
  type CheckedFile,
  type FileRow,
  type UploadCall,
} from './uploads.js';

type Row = typeof qualificationDocuments.$inferSelect & { mime: string };

const STATUS_NAME = { pending: '审核中', approved: '已通过', rejected: '未通过' } as const;

/** Whole days from `today` to `day` (both YYYY-MM-DD). */
export const daysBetween = (today: string, day: string) =>
  Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);

export function documentView(r: Row, now: Date): QualificationDocumentView {
  const days = daysBetween(chinaDate(now), r.validTo);
  return {
    id: r.id,
    type: r.type,
    type_name: DOCUMENT_TYPES[r.type],
    number: r.number,
    valid_from: r.validFrom,
    valid_to: r.validTo,
    status: r.status,
    status_name: STATUS_NAME[r.status],
    reject_reason: r.rejectReason,
    image: `/api/user/zizhi/${r.id}/file`,
    mime: r.mime,
    days_left: days,
    expired: days < 0,
    expiring: days >= 0 && days <= EXPIRY_WARNING_DAYS,
    created_at: r.createdAt.toISOString(),
  };
}

const docColumns = { doc: qualificationDocuments, mime: uploadedFiles.mime };

/** The member's documents, newest first. */
export async function listDocuments(
  db: Queryable,
  memberId: number,
  now: Date,
): Promise<QualificationDocumentView[]> {
  const rows = await db
    .select(docColumns)
    .from(qualificationDocuments)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, qualificationDocuments.fileId))
    .where(eq(qualificationDocuments.memberId, memberId))
    .orderBy(desc(qualificationDocuments.id));
  return rows.map((r) => documentView({ ...r.doc, mime: r.mime }, now));
}

/** `POST /api/user/zizhi`: one file in the `file` part, the other fields as parts (decision 045). */
export const DOCUMENT_UPLOAD: UploadCall = {
  field: 'file',
  maxFiles: 1,
  maxFields: 10,
  types: UPLOAD_RULES.types,
  message: (why) =>
    ({
      size: '文件不能超过5MB',
      type: '仅支持JPG、PNG或PDF文件',
      count: '每次只能上传一个文件',
      missing: '请上传证件图片或PDF',
    })[why],
};

/** The document's fields; the file itself arrives as a part. */
export const documentFieldsSchema = documentUploadSchema.omit({ file: true });

/** Stores an uploaded document as pending review (registration step 2, or a renewal). */
export async function uploadDocument(
  db: Db,
  memberId: number,
  input: Omit<DocumentUploadInput, 'file'>,
  upload: CheckedFile | undefined,
  now: Date,
): Promise<QualificationDocumentView> {
  if (input.valid_from && input.valid_from > input.valid_to) {
    throw invalid('valid_to', '有效期不能早于发证日期');
  }
  if (input.valid_to < chinaDate(now)) throw invalid('valid_to', '证件已过期，请上传有效期内的证件');
  if (!upload) throw invalid('file', DOCUMENT_UPLOAD.message('missing', 0));
  const { bytes, kind, sha256 } = upload;
  const name = input.file_name || upload.filename.slice(0, 200);
  const file = { mime: kind.mime, name, bytes, sha256 };
  return withUploads(db, memberId, [file], now, async (tx, [fileId]) => {
    const [doc] = await tx
      .insert(qualificationDocuments)
      .values({
        memberId,
        type: input.type,
        number: input.number,
        validFrom: input.valid_from ?? null,
        validTo: input.valid_to,
        fileId: fileId!,
        createdAt: now,
      })
      .returning();
    return documentView({ ...doc!, mime: kind.mime }, now);
  });
}

/** A document's file (a stream from disk, or the row's bytes); `memberId` null = operator access. */
export async function documentFile(
  db: Queryable,
  memberId: number | null,
  documentId: number,
): Promise<{ mime: string; body: Buffer | Readable; name: string }> {
  const [row] = rowsOf<FileRow & { name: string }>(
    await db.execute(sql`select ${FILE_COLUMNS}, f.name from qualification_documents d
      join uploaded_files f on f.id = d.file_id
      where d.id = ${documentId} ${memberId === null ? sql`` : sql`and d.member_id = ${memberId}`}`),
  );
  if (!row) throw notFound('证件不存在');
  return { ...(await fileBody(db, row)), name: row.name };
}

/** A document's fields as the audit log keeps them. */
type DocumentFields = {
  member_id: number;
  type: string;
  number: string;
  valid_from: string | null;
  valid_to: string;
};

/**
 * Corrects a document's number and dates (`POST /api/admin/documents/{id}`); the review state
 * stays. Returns the fields before and after for the audit log.
 */
export async function editDocument(
  db: Db,
  documentId: number,
  input: EditDocumentInput,
): Promise<{ before: DocumentFields; after: DocumentFields }> {
  return db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(qualificationDocuments)
      .where(eq(qualificationDocuments.id, documentId))
      .for('update');
    if (!d) throw notFound('证件不存在');
    const fields = (x: typeof d): DocumentFields => ({
      member_id: x.memberId,
      type: x.type,
      number: x.number,
      valid_from: x.validFrom,
      valid_to: x.validTo,
    });
    const validFrom = input.valid_from === undefined ? d.validFrom : input.valid_from || null;
    const validTo = input.valid_to ?? d.validTo;
    if (validFrom && validFrom > validTo) throw invalid('valid_to', '有效期不能早于发证日期');
    const [after] = await tx
      .update(qualificationDocuments)
      .set({ number: input.number ?? d.number, validFrom, validTo })
      .where(eq(qualificationDocuments.id, documentId))
      .returning();
    return { before: fields(d), after: fields(after!) };
  });
}
