import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_RULES } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { invalid } from '../../platform/errors.js';
import { LIMITS, enforce, type Limits } from '../../platform/limits.js';
import { readMultipart, type DetectedType } from '../../platform/multipart.js';
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
    return { bytes: f.bytes, kind: kindOf(f.type, call.types)!, filename: f.filename };
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
  return { bytes, kind, filename };
}

/**
 * A stored file's bytes as base64 text (`encode(bytes, 'base64')`): PGlite reads 5 MB of
 * bytea in ~0.8 s on the event loop, the same as text in ~40 ms. Pass the table's alias in raw
 * SQL (`fileBytes('f')`); decode with `Buffer.from(b64, 'base64')`.
 */
export const fileBytes = (alias: string) => sql.raw(`encode(${alias}.bytes, 'base64')`);

/** A checked file as the uploaded_files table keeps it. */
export interface NewUpload {
  mime: string;
  name: string;
  size: number;
  bytes: Buffer;
}

/**
 * Stores a member's files in one statement (inside the caller's transaction) and returns their
 * ids in the given order. Other modules keep their files here: the account owns uploaded_files.
 */
export async function saveUploads(
  tx: Queryable,
  memberId: number,
  files: readonly NewUpload[],
  now: Date,
): Promise<number[]> {
  if (files.length === 0) return [];
  const rows = await tx
    .insert(uploadedFiles)
    .values(files.map((f) => ({ ...f, memberId, createdAt: now })))
    .returning({ id: uploadedFiles.id });
  return rows.map((r) => r.id);
}
