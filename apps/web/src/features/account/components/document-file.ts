import { UPLOAD_RULES } from '@kc/domain';

/** The file types the server accepts, told apart by their first bytes as the server does. */
const SIGNATURES: { type: (typeof UPLOAD_RULES.types)[number]; bytes: number[] }[] = [
  { type: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46] },
];

async function headBytes(file: Blob, count: number): Promise<Uint8Array> {
  const blob = file.slice(0, count);
  // jsdom's Blob has no arrayBuffer() in every version; FileReader works everywhere.
  const buffer = await new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(blob);
  });
  return new Uint8Array(buffer);
}

/**
 * Checks a chosen file before it is sent: at most 5 MB and a JPG, PNG or PDF by content
 * (the server checks again). Returns the Chinese message, or null when the file is fine.
 */
export async function checkDocumentFile(file: File): Promise<string | null> {
  if (file.size > UPLOAD_RULES.maxBytes) return '文件不能超过5MB';
  if (file.size === 0) return '文件是空的，请重新选择';
  const head = await headBytes(file, 8);
  const known = SIGNATURES.some((sig) => sig.bytes.every((b, i) => head[i] === b));
  return known ? null : '仅支持JPG、PNG或PDF格式的文件';
}
