import { vi } from 'vitest';

/** One request the code under test made, decoded for assertions. */
export interface FetchCall {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  /** A form body as `a=1&b=2`; for multipart, its text fields the same way (files: `form`). */
  body: string;
  /** The multipart body of an upload call, with its files. */
  form: FormData | null;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

/** What the stub answers: a JSON body with a status, raw text, a network failure, or never. */
export type StubReply = { status?: number; json?: unknown; text?: string } | 'network-error' | 'pending';
export type StubHandler = (call: FetchCall) => StubReply | Promise<StubReply>;

/** The success envelope the server sends. */
export const ok = (data: unknown, msg = 'ok'): StubReply => ({ json: { code: 10000, msg, data } });
/** A failure envelope with its HTTP status. */
export const fail = (code: number, msg: string, status = 400, data: unknown = null): StubReply => ({
  status,
  json: { code, msg, data },
});

function textFields(body: RequestInit['body']): string {
  if (!(body instanceof FormData)) return '';
  const text = [...body.entries()].filter((e): e is [string, string] => typeof e[1] === 'string');
  return new URLSearchParams(text).toString();
}

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Replaces the global fetch with a handler, honouring the abort signal the way a browser
 * does, so cancellation and timeouts are tested without a network or real waiting.
 */
export function stubFetch(handler: StubHandler) {
  const calls: FetchCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const parsed = new URL(url, 'http://localhost');
    const call: FetchCall = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      body: typeof init.body === 'string' ? init.body : textFields(init.body),
      form: init.body instanceof FormData ? init.body : null,
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    // Like a browser, an abort at any moment before the reply is read rejects the fetch.
    const aborted = new Promise<never>((_, reject) => {
      if (call.signal?.aborted) reject(abortError());
      call.signal?.addEventListener('abort', () => reject(abortError()));
    });
    const reply = await Promise.race([Promise.resolve().then(() => handler(call)), aborted]);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'pending') return aborted;
    const body = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
    return new Response(body, {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}
