import { ERROR_KINDS, MESSAGES, type ErrorKind } from '@kc/domain';

/**
 * The one error type services throw. The error handler turns it into the envelope with the
 * SPEC §8 code of its kind; `fields` carries every field message of a 422.
 */
export class AppError extends Error {
  constructor(
    public readonly kind: ErrorKind,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get code(): number {
    return ERROR_KINDS[this.kind].code;
  }
  get http(): number {
    return ERROR_KINDS[this.kind].http;
  }
}

export const unauthenticated = () => new AppError('unauthenticated', MESSAGES.needLogin);
export const notFound = (what: string = MESSAGES.notFound) => new AppError('notFound', what);
export const forbidden = (why: string = MESSAGES.forbidden) => new AppError('forbidden', why);
export const business = (why: string, data?: unknown) => new AppError('business', why, undefined, data);
export const invalid = (field: string, message: string) =>
  new AppError('validation', message, { [field]: message });
