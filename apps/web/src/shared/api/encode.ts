import type { Params } from './types';

/**
 * Form and query encoding shared by every call, read back by the server's `qs.parse`
 * (tested against it in encode.test.ts).
 *
 * Lists of plain values are written `ids[]=1&ids[]=2`; lists of objects keep each object's
 * index, `params[0][goods_id]=5&params[0][price]=1` (without the index qs.parse would split
 * one object into several). Null is sent empty, undefined is left out, as qs does.
 *
 * Not qs.stringify itself: in the browser qs pulls side-channel, object-inspect and
 * get-intrinsic (≈ 20 KB gzip) into the first load of every page, for these few lines.
 */
export function encodeParams(params: Params | undefined): string {
  return fieldPairs(params)
    .map(([key, text]) => `${encodeURIComponent(key)}=${encodeURIComponent(text)}`)
    .join('&');
}

/** The files of an upload call by part name: one file, or several sent under the same name. */
export type Files = Record<string, Blob | readonly Blob[]>;

/**
 * An upload call's body (decision 045): the same fields as a form body, each a part named
 * as `encodeParams` names it, then the files. The browser writes the multipart boundary.
 */
export function encodeFormData(params: Params | undefined, files: Files): FormData {
  const form = new FormData();
  for (const [key, text] of fieldPairs(params)) form.append(key, text);
  for (const [key, value] of Object.entries(files)) {
    for (const file of [value].flat()) form.append(key, file, file instanceof File ? file.name : 'file');
  }
  return form;
}

function fieldPairs(params: Params | undefined): [string, string][] {
  const pairs: [string, string][] = [];
  if (params) for (const [key, value] of Object.entries(params)) encodeValue(key, value, pairs);
  return pairs;
}

const isStructured = (value: unknown) =>
  typeof value === 'object' && value !== null && !(value instanceof Date);

function encodeValue(key: string, value: unknown, pairs: [string, string][]): void {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return;
  if (Array.isArray(value)) {
    value.forEach((item, index) =>
      encodeValue(isStructured(item) ? `${key}[${index}]` : `${key}[]`, item, pairs),
    );
    return;
  }
  if (isStructured(value)) {
    for (const [child, item] of Object.entries(value as object)) encodeValue(`${key}[${child}]`, item, pairs);
    return;
  }
  const text =
    value === null
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : String(value as string | number | boolean | bigint);
  pairs.push([key, text]);
}

/** Adds an encoded query to a path that may already carry one. */
export function appendQuery(path: string, query: string): string {
  if (!query) return path;
  return path + (path.includes('?') ? '&' : '?') + query;
}

/** One spelling for every path: `api/cart/total` and `/api/cart/total` are the same call. */
export function normalizePath(path: string): string {
  const bare = path.split('?')[0] ?? '';
  return bare.startsWith('/') ? bare : `/${bare}`;
}
