import { UPLOAD_RULES } from '@kc/domain';

/** Return photos: JPG or PNG. */
export const PHOTO_TYPES = {
  mimes: ['image/jpeg', 'image/png'],
  accept: '.jpg,.jpeg,.png',
  label: 'JPG、PNG',
};
/** The 含麻 arrival receipt: a photo or a scanned PDF. */
export const RECEIPT_TYPES = {
  mimes: ['image/jpeg', 'image/png', 'application/pdf'],
  accept: '.jpg,.jpeg,.png,.pdf',
  label: 'JPG、PNG或PDF',
};

/**
 * Checks a chosen file before it is read and sent: its type and at most 5 MB (the server
 * checks again, by content). Returns the Chinese message, or null when the file is fine.
 */
export function checkFile(file: File, types: typeof PHOTO_TYPES): string | null {
  if (!types.mimes.includes(file.type)) return `仅支持${types.label}格式的文件`;
  if (file.size === 0) return '文件是空的，请重新选择';
  if (file.size > UPLOAD_RULES.maxBytes) return '文件不能超过5MB';
  return null;
}

/** The file as a `data:…;base64,` string: a thumbnail of a chosen photo (the file itself is sent). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
