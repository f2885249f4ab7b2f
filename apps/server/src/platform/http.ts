import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODES, MESSAGES, fieldErrors, firstIssueMessage, type Envelope } from '@kc/domain';
import type { z } from 'zod';
import { AppError } from './errors.js';

/** The success envelope. */
export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: CODES.ok, msg, data };
}

/** Sees each schema `parse` applies and the raw input it is given. */
export type ParseRecorder = (schema: z.ZodType, input: unknown) => void;
let parseRecorder: ParseRecorder | null = null;

/**
 * Test hook: the schemas live inside the handlers, not on the routes, so the hostile-input
 * walker (hostile-inputs.test.ts) learns each route's schemas by watching `parse`. Null turns it off.
 */
export function recordParses(recorder: ParseRecorder | null): void {
  parseRecorder = recorder;
}

/**
 * Validates input with a shared zod schema; a failure becomes a 422 whose message is the
 * first field message and whose `data.errors` holds every field message.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  parseRecorder?.(schema, input);
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw new AppError('validation', firstIssueMessage(result.error), fieldErrors(result.error));
  }
  return result.data;
}

/** Parses a route's query, params and body in one go. */
export function input<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
>(
  req: FastifyRequest,
  schemas: { query?: Q; body?: B; params?: P },
): { query: z.infer<Q>; body: z.infer<B>; params: z.infer<P> } {
  return {
    query: schemas.query ? parse(schemas.query, req.query) : (undefined as z.infer<Q>),
    body: schemas.body ? parse(schemas.body, req.body) : (undefined as z.infer<B>),
    params: schemas.params ? parse(schemas.params, req.params) : (undefined as z.infer<P>),
  };
}

/** The first field (dotted path) whose text holds a NUL, which no PostgreSQL text can store. */
export function nulField(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at || 'value' : null;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = nulField(v, at ? `${at}.${k}` : k) ?? (k.includes('\u0000') ? k : null);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL's class 22 (data exception: a number out of range, an impossible date, a bad
 * byte sequence) can only come from a value a client sent that a schema let through. The
 * schemas are the fix; this keeps such a slip a 422 instead of a 500, and logs it to be fixed.
 */
function isDataException(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Refuses, before any route runs, a query, path or body whose text holds a NUL character:
 * one rule for every call instead of one per schema.
 */
export function installInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const field = nulField(req.params) ?? nulField(req.query) ?? nulField(req.body);
    if (field) throw new AppError('validation', '内容含有不允许的字符', { [field]: '内容含有不允许的字符' });
  });
}

/** Turns every error into the envelope; 5xx detail goes to the log only. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      const data = err.fields ? { errors: err.fields } : (err.data ?? null);
      if (err.http >= 500) req.log.error({ err }, 'service error');
      return reply.status(err.http).send({ code: err.code, msg: err.message, data });
    }
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      // Fastify's own client errors: bad JSON, unsupported media type, body too large…
      const status = e.statusCode === 413 ? 413 : e.statusCode === 415 ? 415 : 400;
      const msg = status === 413 ? '提交的内容过大' : status === 415 ? '不支持的请求格式' : '请求格式有误';
      req.log.info({ err }, 'client error');
      return reply.status(status).send({ code: status, msg, data: null });
    }
    if (isDataException(err)) {
      req.log.warn({ err }, 'input the schemas let through was refused by the database');
      return reply.status(422).send({ code: CODES.validation, msg: '提交的数据有误', data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: CODES.serverError, msg: MESSAGES.systemBusy, data: null });
  });
}
