/**
 * The two ways a call can fail. `ApiError` is thrown after the §8 feedback has been shown
 * (or withheld for `silent` calls), so callers only decide what to do next, never what to say.
 */
export class ApiError<D = unknown> extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** The reply code (or the HTTP status when the reply had no envelope; 0 for no network). */
    readonly code: number,
    readonly msg: string,
    readonly data: D | null = null,
  ) {
    super(msg);
  }
}

/** Why a request was aborted: a newer call to the same path, the caller, or nothing else. */
export type CancelReason = 'superseded' | 'caller';

/**
 * A request that was aborted on purpose. Nothing is shown for it: the user either moved on
 * or a newer request to the same path replaced it (SPEC §7).
 */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor(
    readonly path: string,
    readonly reason: CancelReason,
  ) {
    super(`请求已取消: ${path}`);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isCancelled(error: unknown): error is CancelledError {
  return error instanceof CancelledError;
}
