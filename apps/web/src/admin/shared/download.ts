import { api, type Params } from '../../shared/api';

/**
 * GETs a file (an `.xlsx` export, an import template) with the operator's session and saves it
 * under the name the server gives (Content-Disposition), else `fallbackName`. A failure is
 * shown like any call's (SPEC §8) and rethrown, so a button can stop its spinner.
 *
 *   await downloadFile('/api/admin/goods/export', { format: 'xlsx', ...filters }, '商品.xlsx');
 */
export async function downloadFile(
  path: string,
  params?: Params,
  fallbackName = 'download.xlsx',
): Promise<void> {
  const { blob, filename } = await api.download(path, params);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename || fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; some need the URL a moment longer.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
