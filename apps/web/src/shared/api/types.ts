import type { Files } from './encode';

/** Contract of the API client (implemented in ./client.ts). Features call these, never fetch. */
export type Params = Record<string, unknown>;

export interface RequestOptions {
  /** Do not show the §8 alert for failures; the caller handles ApiError itself. */
  silent?: boolean;
  signal?: AbortSignal;
}

/** A file a GET answered with (an `.xlsx` export, a template). */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (`filename*=UTF-8''…` or `filename="…"`); '' when not given. */
  filename: string;
}

export interface ApiClient {
  get<T>(path: string, params?: Params, opts?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: Params, opts?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: Params, opts?: RequestOptions): Promise<T>;
  del<T>(path: string, params?: Params, opts?: RequestOptions): Promise<T>;
  /** A POST as multipart/form-data: the fields as parts, then the files (decision 045). */
  upload<T>(path: string, fields: Params, files: Files, opts?: RequestOptions): Promise<T>;
  /**
   * A GET whose reply is a file, with the session. A JSON reply is the envelope of a failure,
   * shown and thrown like any call's. Never cancelled by a newer call; a longer timeout.
   */
  download(path: string, params?: Params, opts?: RequestOptions): Promise<DownloadedFile>;
}
