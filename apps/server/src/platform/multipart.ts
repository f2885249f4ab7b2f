import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import qs from 'qs';
import { AppError } from './errors.js';
import { nulField } from './http.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes that take files (multipart/form-data); every other route refuses one. */
    upload?: true;
  }
}

/** The type a file's bytes show (file-type's extension and MIME type), or null when unknown. */
export type DetectedType = { ext: string; mime: string } | null;

/** What one upload call takes; `refuse` words the 4xx of the file at `index` (0-based). */
export interface UploadPolicy {
  maxFiles: number;
  maxFields: number;
  maxBytes: number;
  accepts(type: DetectedType): boolean;
  refuse(why: 'size' | 'type' | 'count', index: number): AppError;
}

export interface ReceivedFile {
  field: string;
  filename: string;
  bytes: Buffer;
  type: DetectedType;
  /** SHA-256 of the bytes (hex), computed chunk by chunk as they arrived. */
  sha256: string;
}

// The same qs settings as form bodies (app.ts): `lines[0][line_id]=5` reads alike in both.
const QS = { arrayLimit: 1000, parameterLimit: 5000, depth: 5 } as const;
/** file-type needs at most this many leading bytes for JPG, PNG and PDF (its own sample size). */
const SNIFF_BYTES = 4100;

/**
 * Registers @fastify/multipart once. Its parser only marks the request: the bytes are read by
 * `readMultipart` inside the route, so a route not marked `config.upload` is refused here
 * before anything is read.
 */
export async function installMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fieldNameSize: 100, fieldSize: 64 * 1024, headerPairs: 20 },
  });
  app.addHook('preValidation', async (req) => {
    if (req.isMultipart() && !req.routeOptions.config.upload) {
      throw Object.assign(new Error('multipart body on a route that takes no files'), { statusCode: 415 });
    }
  });
}

const malformed = () => Object.assign(new Error('malformed multipart body'), { statusCode: 400 });

/**
 * Reads an upload call's parts as they stream in: a file over `maxBytes` is cut off by busboy
 * (never buffered past the limit) and refused; its type is decided from its first bytes by
 * file-type, and a refused type is drained without being kept. Fields are parsed like a
 * form body. A request that is not multipart yields its form fields and no files.
 */
export async function readMultipart(
  req: FastifyRequest,
  policy: UploadPolicy,
): Promise<{ fields: Record<string, unknown>; files: ReceivedFile[] }> {
  if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, unknown>, files: [] };
  const pairs: [string, string][] = [];
  const files: ReceivedFile[] = [];
  let failure: AppError | null = null;
  const limits = {
    files: policy.maxFiles,
    fields: policy.maxFields,
    parts: policy.maxFiles + policy.maxFields,
    fileSize: policy.maxBytes,
  };
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'field') {
        if (part.valueTruncated) failure ??= new AppError('validation', '提交的内容过长');
        pairs.push([part.fieldname, String(part.value)]);
        continue;
      }
      const index = files.length;
      const chunks: Buffer[] = [];
      const hash = crypto.createHash('sha256');
      let size = 0;
      let type: DetectedType | undefined;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        if (failure) continue; // drain: the request must still be read to its end
        chunks.push(chunk);
        hash.update(chunk);
        size += chunk.length;
        if (type === undefined && size >= SNIFF_BYTES) {
          type = (await fileTypeFromBuffer(Buffer.concat(chunks))) ?? null;
          if (!policy.accepts(type)) failure = policy.refuse('type', index);
        }
      }
      if (failure) continue;
      if (part.file.truncated) {
        failure = policy.refuse('size', index);
        continue;
      }
      const bytes = Buffer.concat(chunks, size);
      type ??= (await fileTypeFromBuffer(bytes)) ?? null;
      if (!policy.accepts(type)) failure = policy.refuse('type', index);
      // A part typed application/octet-stream is a file even without a filename.
      else {
        const filename = String(part.filename || '');
        files.push({ field: part.fieldname, filename, bytes, type, sha256: hash.digest('hex') });
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw policy.refuse('count', policy.maxFiles);
    const status = (err as { statusCode?: number }).statusCode;
    throw status && status >= 400 && status < 500 ? err : malformed();
  }
  if (failure) throw failure;
  const fields = qs.parse(new URLSearchParams(pairs).toString(), QS);
  const nul = nulField(fields);
  if (nul) throw new AppError('validation', '内容含有不允许的字符', { [nul]: '内容含有不允许的字符' });
  return { fields, files };
}
