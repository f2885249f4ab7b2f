import type { FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES } from '@kc/domain';
import { invalid } from '../../../platform/errors.js';
import { readMultipart } from '../../../platform/multipart.js';
import type { SheetFormat } from './sheet.js';

const MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

/**
 * Reads an import call's multipart body: one `file` part of at most IMPORT_MAX_BYTES (cut off
 * while streaming and refused with 422, nothing kept) that is an .xlsx by its bytes or a CSV
 * (text with no known binary signature, named .csv), and the form fields.
 */
export async function receiveImportFile(
  req: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; bytes: Buffer; format: SheetFormat; fileName: string }> {
  const { fields, files } = await readMultipart(req, {
    maxFiles: 1,
    maxFields: 5,
    maxBytes: IMPORT_MAX_BYTES,
    // An .xlsx is a zip: file-type names it xlsx when [Content_Types].xml comes first, zip
    // otherwise (streaming writers put it last); the reader refuses a zip that is no workbook.
    // A CSV is plain text file-type does not know.
    accepts: (t) => t === null || t.ext === 'xlsx' || t.ext === 'zip',
    refuse: (why) =>
      invalid(
        'file',
        why === 'size'
          ? `文件不能超过${MB}MB，请分成几个文件导入`
          : why === 'count'
            ? '一次只能导入一个文件'
            : '仅支持.xlsx或.csv文件',
      ),
  });
  const file = files[0];
  if (!file || file.bytes.length === 0) throw invalid('file', '请选择要导入的文件');
  if (file.field !== 'file') throw invalid(file.field, '不支持的文件字段');
  const name = file.filename.toLowerCase();
  const format: SheetFormat | null = file.type
    ? 'xlsx'
    : name.endsWith('.csv') || name.endsWith('.txt') || !name
      ? 'csv'
      : null;
  if (!format) throw invalid('file', '仅支持.xlsx或.csv文件');
  return { fields, bytes: file.bytes, format, fileName: file.filename };
}
