import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_RULES } from '@kc/domain';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { invalid } from '../../platform/errors.js';
import { LIMITS, enforce, type Limits } from '../../platform/limits.js';
import { readMultipart, type DetectedType } from '../../platform/multipart.js';
import { filesOf, type StoredBytes } from './file-store.js';
import { uploadedFiles } from './schema.js';

export type UploadKind = { ext: (typeof UPLOAD_RULES.types)[number]; mime: string };

/** file-type's answers we keep; an animated PNG is still a PNG to every viewer. */
const KINDS: Record<string, UploadKind> = {
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  apng: { ext: 'png', mime: 'image/png' },
  pdf: { ext: 'pdf', mime: 'application/pdf' },
};

/** The allowed kind a detected type stands for, or null. */
export const kindOf = (t: DetectedType, allowed: readonly UploadKind['ext'][]): UploadKind | null => {
  const k = t ? KINDS[t.ext] : undefined;
  return k && allowed.includes(k.ext) ? k : null;
};

/** One upload call: its file part's name, how many files and fields, and how it words a refusal. */
export interface UploadCall {
  field: string;
  maxFiles: number;
  maxFields: number;
  types: readonly UploadKind['ext'][];
  message(why: 'size' | 'type' | 'count' | 'missing', index: number): string;
}

/** A checked file to keep for a member (a document, a 含麻 receipt, return photos). */
export interface CheckedFile {
  bytes: Buffer;
  kind: UploadKind;
  filename: string;
  sha256: string;
}

/** Counts one upload call of the member, before its body is read: 429 past LIMITS.upload. */
export const limitUploads = (limits: Limits, memberId: number) =>
  enforce(limits, `upload:member:${memberId}`, LIMITS.upload, '上传过于频繁，请稍后再试');

/**
 * Reads a multipart upload call (decision 045): size enforced while streaming (UPLOAD_RULES,
 * 5 MB), type by content (file-type), files of another part name refused. Answers the form
 * fields, for the caller's schema, and the files in arrival order.
 */
export async function receiveUpload(
  req: FastifyRequest,
  call: UploadCall,
): Promise<{ fields: Record<string, unknown>; files: CheckedFile[] }> {
  const refuse = (why: 'size' | 'type' | 'count' | 'missing', i: number) =>
    invalid(call.field, call.message(why, i));
  const { fields, files } = await readMultipart(req, {
    maxFiles: call.maxFiles,
    maxFields: call.maxFields,
    maxBytes: UPLOAD_RULES.maxBytes,
    accepts: (t) => kindOf(t, call.types) !== null,
    refuse,
  });
  const checked = files.map((f, i) => {
    if (f.field.replace(/\[\d*\]$/, '') !== call.field) throw invalid(f.field, '不支持的文件字段');
    if (f.bytes.length === 0) throw refuse('missing', i);
    return { bytes: f.bytes, kind: kindOf(f.type, call.types)!, filename: f.filename, sha256: f.sha256 };
  });
  return { fields, files: checked };
}

/** Checks bytes that did not come through an upload call (the demo data, tests) like one. */
export async function checkFile(
  bytes: Buffer,
  filename = '',
  types: readonly UploadKind['ext'][] = UPLOAD_RULES.types,
): Promise<CheckedFile> {
  const kind = kindOf((await fileTypeFromBuffer(bytes)) ?? null, types);
  if (!kind || bytes.length > UPLOAD_RULES.maxBytes) throw invalid('file', '仅支持JPG、PNG或PDF文件');
  return { bytes, kind, filename, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
}

/** A checked file as the uploaded_files table keeps it. */
export interface NewUpload {
  mime: string;
  name: string;
  bytes: Buffer;
  sha256: string;
}

/** A checked part as the file to keep, named `base` with the extension of its detected type. */
export const asUpload = (f: CheckedFile, base: string): NewUpload => ({
  mime: f.kind.mime,
  name: `${base}.${f.kind.ext}`,
  bytes: f.bytes,
  sha256: f.sha256,
});

/**
 * Keeps a member's files and runs `work` in one transaction that first inserts their rows
 * (`fileIds`, in the given order). The bytes are stored before the transaction opens (on disk
 * with PGlite, in large objects on PostgreSQL: file-store.ts) and removed again if anything in
 * it fails: a refused or rolled-back call leaves no file and no row. Other modules keep their files here: the
 * account owns uploaded_files.
 */
export async function withUploads<T>(
  db: Db,
  memberId: number | null,
  files: readonly NewUpload[],
  now: Date,
  work: (tx: Tx, fileIds: number[]) => Promise<T>,
): Promise<T> {
  const store = filesOf(db);
  const stored: StoredBytes[] = [];
  try {
    for (const f of files) stored.push(await store.put(f.bytes, now));
    return await db.transaction(async (tx) => {
      const rows = files.length
        ? await tx
            .insert(uploadedFiles)
            .values(
              files.map((f, i) => ({
                memberId,
                mime: f.mime,
                name: f.name,
                size: f.bytes.length,
                sha256: f.sha256,
                ...stored[i]!,
                createdAt: now,
              })),
            )
            .returning({ id: uploadedFiles.id })
        : [];
      return work(
        tx,
        rows.map((r) => r.id),
      );
    });
  } catch (err) {
    await Promise.all(stored.map((s) => store.discard(s)));
    throw err;
  }
}

/**
 * The columns a file read selects from uploaded_files (alias `f`): its type, its path on disk
 * or its large object, or its bytes as base64 text when an older row keeps them (PGlite reads
 * 5 MB of bytea in ~0.8 s on the event loop, the same as text in ~40 ms).
 */
export const FILE_COLUMNS = sql.raw(
  `f.mime, f.path, f.large_object::int8 as large_object,
   case when f.path is null and f.large_object is null then encode(f.bytes, 'base64') end as b64`,
);

/** A file row as FILE_COLUMNS reads it. */
export type FileRow = {
  mime: string;
  path: string | null;
  large_object: number | string | null;
  b64: string | null;
};

/** A stored file's body to send: a stream from disk or from its large object, or the row's bytes. */
export async function fileBody(
  db: Queryable,
  f: FileRow,
): Promise<{ mime: string; body: Buffer | Readable }> {
  const store = filesOf(db);
  const body = f.path
    ? await store.open({ path: f.path })
    : f.large_object !== null
      ? await store.open({ largeObject: Number(f.large_object) })
      : Buffer.from(f.b64 ?? '', 'base64');
  return { mime: f.mime, body };
}
