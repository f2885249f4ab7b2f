import { CODES, LIMITS, MESSAGES, isLoginCode, isServerErrorCode, isSuccessCode } from '@kc/domain';
import { feedback } from '../ui/feedback';
import { appendQuery, encodeFormData, encodeParams, normalizePath } from './encode';
import { ApiError, CancelledError, type CancelReason } from './errors';
import { navigation } from './navigation';
import { readReply } from './reply';
import type { ApiClient, DownloadedFile, Params, RequestOptions } from './types';

/** Same origin by default; a deployment may point the storefront at another API host. */
const BASE: string = import.meta.env.VITE_API_BASE ?? '';

/** SPEC §7: these paths may run in parallel (adding several goods, toggling favourites…). */
const PARALLEL_PATHS: ReadonlySet<string> = new Set([
  '/api/cart',
  '/api/favorite',
  '/api/favorite/cancel',
  '/api/activity/tap',
]);

/**
 * Chat messages: each send is a message of its own (a second one must never cancel the first,
 * which the server may already have stored), and reading the history beside them is harmless.
 */
const PARALLEL_PATTERNS: readonly RegExp[] = [
  /^\/api\/user\/chat\/(messages|images|read)$/,
  /^\/api\/admin\/chat\/conversations\/\d+\/(messages|images|read)$/,
];
const runsInParallel = (key: string) => PARALLEL_PATHS.has(key) || PARALLEL_PATTERNS.some((p) => p.test(key));

export const E_CONTRACT_PATH = '/dzht';
export const TIMEOUT_CODE = 408;
export const NETWORK_ERROR_CODE = 0;
const NETWORK_MESSAGE = '网络连接失败，请检查网络后重试';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type AbortWhy = CancelReason | 'timeout';

/** The latest in-flight request per path; a newer one aborts it (SPEC §7). */
const inFlight = new Map<string, (why: AbortWhy) => void>();

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return found === undefined ? undefined : decodeURIComponent(found.slice(prefix.length));
}

function buildInit(
  method: Method,
  params: Params | FormData | undefined,
  signal: AbortSignal,
): { query: string; init: RequestInit } {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers, signal };
  if (method !== 'GET') {
    // Double-submit CSRF: echo the server's readable cookie on every write.
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  if (params instanceof FormData) {
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    init.body = params;
    return { query: '', init };
  }
  if (method === 'POST' || method === 'PUT') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    init.body = encodeParams(params);
    return { query: '', init };
  }
  return { query: encodeParams(params), init };
}

/** Shows the SPEC §8 feedback for a failed call. */
function showFailure(error: ApiError): void {
  const { code, msg } = error;
  if (isLoginCode(code)) return navigation.toLogin();
  if (code === CODES.eContract) {
    feedback.warning(msg || MESSAGES.eContract);
    return navigation.navigate(E_CONTRACT_PATH);
  }
  if (code === CODES.validation) return feedback.error(msg);
  if (isServerErrorCode(code)) return feedback.error(MESSAGES.systemBusy);
  if (code === TIMEOUT_CODE) {
    return feedback.alert({
      title: MESSAGES.alertTitle,
      content: MESSAGES.timeout,
      okText: '刷新',
      onOk: navigation.reload,
    });
  }
  feedback.alert({ title: MESSAGES.alertTitle, content: msg || MESSAGES.systemBusy });
}

async function request<T>(
  method: Method,
  path: string,
  params?: Params | FormData,
  opts: RequestOptions = {},
): Promise<T> {
  const key = normalizePath(path);
  const controller = new AbortController();
  let abortedFor: AbortWhy | null = null;
  const abort = (why: AbortWhy) => {
    if (abortedFor) return;
    abortedFor = why;
    controller.abort();
  };
  if (!runsInParallel(key)) {
    inFlight.get(key)?.('superseded');
    inFlight.set(key, abort);
  }
  const onCallerAbort = () => abort('caller');
  if (opts.signal?.aborted) onCallerAbort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => abort('timeout'), LIMITS.requestTimeoutMs);

  let failure: ApiError;
  try {
    const { query, init } = buildInit(method, params, controller.signal);
    const target = path.startsWith('/') ? path : `/${path}`;
    const response = await fetch(BASE + appendQuery(target, query), init);
    const reply = await readReply(response);
    if (isSuccessCode(reply.code)) return reply.data as T;
    failure = new ApiError(
      reply.code,
      isServerErrorCode(reply.code) ? MESSAGES.systemBusy : reply.msg,
      reply.data,
    );
  } catch {
    if (abortedFor === 'superseded' || abortedFor === 'caller') throw new CancelledError(key, abortedFor);
    // Anything else thrown by fetch or while reading the body: no usable reply arrived.
    failure =
      abortedFor === 'timeout'
        ? new ApiError(TIMEOUT_CODE, MESSAGES.timeout)
        : new ApiError(NETWORK_ERROR_CODE, NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
    if (inFlight.get(key) === abort) inFlight.delete(key);
  }
  if (!opts.silent) showFailure(failure);
  throw failure;
}

/** An export of every goods or a year's sales register takes longer than a page's call. */
const DOWNLOAD_TIMEOUT_MS = 300_000;

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins). */
function filenameOf(disposition: string | null): string {
  if (!disposition) return '';
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* a malformed encoding: fall back to the plain name */
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(disposition)?.[1]?.trim() ?? '';
}

async function download(path: string, params?: Params, opts: RequestOptions = {}): Promise<DownloadedFile> {
  const controller = new AbortController();
  let abortedFor: AbortWhy | null = null;
  const abort = (why: AbortWhy) => {
    if (abortedFor) return;
    abortedFor = why;
    controller.abort();
  };
  const onCallerAbort = () => abort('caller');
  if (opts.signal?.aborted) onCallerAbort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => abort('timeout'), DOWNLOAD_TIMEOUT_MS);
  let failure: ApiError;
  try {
    const target = path.startsWith('/') ? path : `/${path}`;
    const response = await fetch(BASE + appendQuery(target, encodeParams(params)), {
      method: 'GET',
      credentials: 'include',
      signal: controller.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !type.includes('json')) {
      return {
        blob: await response.blob(),
        filename: filenameOf(response.headers.get('content-disposition')),
      };
    }
    const reply = await readReply(response);
    const code = isSuccessCode(reply.code) ? CODES.serverError : reply.code;
    failure = new ApiError(code, isServerErrorCode(code) ? MESSAGES.systemBusy : reply.msg, reply.data);
  } catch {
    if (abortedFor === 'caller') throw new CancelledError(normalizePath(path), 'caller');
    failure =
      abortedFor === 'timeout'
        ? new ApiError(TIMEOUT_CODE, MESSAGES.timeout)
        : new ApiError(NETWORK_ERROR_CODE, NETWORK_MESSAGE);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
  if (!opts.silent) showFailure(failure);
  throw failure;
}

/** The one API client (ARCHITECTURE rule 9). Features call typed functions built on it. */
export const api: ApiClient = {
  get: (path, params, opts) => request('GET', path, params, opts),
  post: (path, body, opts) => request('POST', path, body, opts),
  put: (path, body, opts) => request('PUT', path, body, opts),
  del: (path, params, opts) => request('DELETE', path, params, opts),
  upload: (path, fields, files, opts) => request('POST', path, encodeFormData(fields, files), opts),
  download,
};
