import { UPLOAD_RULES } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { invalid } from '../../platform/errors.js';
import { uploadedFiles } from './schema.js';

export type UploadKind = { ext: 'jpg' | 'png' | 'pdf'; mime: string };

/** Decides a file's type by its first bytes; the name and the declared type are not trusted. */
export function sniff(bytes: Buffer): UploadKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { ext: 'jpg', mime: 'image/jpeg' };
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', mime: 'image/png' };
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', mime: 'application/pdf' };
  return null;
}

/**
 * Decodes an uploaded file sent as base64 (with or without a `data:…;base64,` prefix) and
 * checks its size (≤ 5 MB) and type by content (JPG, PNG or PDF).
 */
export function decodeUpload(file: string): { bytes: Buffer; kind: UploadKind } {
  const b64 = file.replace(/^data:[\w.+/-]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) throw invalid('file', '文件内容无法识别，请重新上传');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0) throw invalid('file', '请上传证件图片或PDF');
  if (bytes.length > UPLOAD_RULES.maxBytes) throw invalid('file', '文件不能超过5MB');
  const kind = sniff(bytes);
  if (!kind) throw invalid('file', '仅支持JPG、PNG或PDF文件');
  return { bytes, kind };
}

/** A checked file to keep for a member (a 含麻 receipt, return photos). */
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
