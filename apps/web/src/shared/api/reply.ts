import { CODES } from '@kc/domain';

/** A reply reduced to the envelope, whatever came back. */
export interface Reply {
  code: number;
  msg: string;
  data: unknown;
}

function isEnvelope(value: unknown): value is { code: unknown; msg?: unknown; data?: unknown } {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/**
 * The first validation message of a 422. The server puts it in `msg`; clients made for the
 * original site also sent `data.errors` as `{ field: message | message[] }`, so read that too.
 */
function firstValidationMessage(msg: string, data: unknown): string {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!msg && errors && typeof errors === 'object') {
    const first: unknown = Object.values(errors)[0];
    const text: unknown = Array.isArray(first) ? first[0] : first;
    if (typeof text === 'string') return text;
  }
  return msg || '提交的数据有误';
}

/**
 * Reads the envelope `{ code, msg, data }`. The code decides (SPEC §8); a reply without an
 * envelope (a proxy's error page, an empty 204) falls back to its HTTP status, and a non-JSON
 * 2xx is treated as a server fault rather than as data.
 */
export async function readReply(response: Response): Promise<Reply> {
  if (response.status === 204) return { code: CODES.ok, msg: '', data: null };
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (isEnvelope(body)) {
    const parsed = Number(body.code);
    const code = Number.isFinite(parsed) ? parsed : response.status;
    const msg = typeof body.msg === 'string' ? body.msg : '';
    const data = body.data ?? null;
    return { code, msg: code === CODES.validation ? firstValidationMessage(msg, data) : msg, data };
  }
  if (response.ok && body !== undefined) return { code: CODES.ok, msg: '', data: body };
  return { code: response.ok ? CODES.serverError : response.status, msg: response.statusText, data: null };
}
