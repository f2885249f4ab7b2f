import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODES, MESSAGES, fieldErrors, firstIssueMessage, type Envelope } from '@kc/domain';
import type { z } from 'zod';
import { AppError } from './errors.js';

/** The success envelope. */
export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: CODES.ok, msg, data };
}

/**
 * Validates input with a shared zod schema; a failure becomes a 422 whose message is the
 * first field message and whose `data.errors` holds every field message.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
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
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: CODES.serverError, msg: MESSAGES.systemBusy, data: null });
  });
}
