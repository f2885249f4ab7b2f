import qs from 'qs';
import type { Client } from './helper.js';

/** A file part: its bytes and the name (and declared type) a browser would send. */
export interface FilePart {
  bytes: Buffer;
  name: string;
  type?: string;
}

export const filePart = (bytes: Buffer, name = 'scan.png', type = 'application/octet-stream'): FilePart => ({
  bytes,
  name,
  type,
});

const isFile = (v: unknown): v is FilePart => typeof v === 'object' && v !== null && 'bytes' in v;

/**
 * Serialises fields and files as a browser's multipart/form-data (undici's FormData through a
 * Response). Non-file fields are flattened like a form body (`lines[0][line_id]`); a file
 * array becomes repeated parts of the same name.
 */
export async function multipartBody(
  fields: Record<string, unknown>,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  const plain: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    const files = [v].flat().filter(isFile);
    if (files.length === 0) plain[k] = v;
    for (const f of files) form.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  }
  for (const [k, v] of new URLSearchParams(qs.stringify(plain))) form.append(k, v);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

/** POSTs fields and files as multipart/form-data with the client's cookies and XSRF header. */
export async function postMultipart(c: Client, url: string, fields: Record<string, unknown>) {
  const { payload, contentType } = await multipartBody(fields);
  return c.postRaw(url, payload, contentType);
}
