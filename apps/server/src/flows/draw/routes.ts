import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { drawIdParamSchema, drawIdQuerySchema, drawRecordQuerySchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { optionalMember, requireMember } from '../../platform/auth.js';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../../platform/cookies.js';
import { AppError } from '../../platform/errors.js';
import { ok, parse } from '../../platform/http.js';
import {
  drawAds,
  drawDetail,
  myDrawRecords,
  recentWinners,
  simpleDraw,
} from '../../modules/promotion/draw-service.js';
import { drawOnce } from './draw.js';

/**
 * SPEC §7 lists the draw as a GET. A GET that writes must not be forgeable by a link or an
 * image on another site, so the GET form asks for the same double-submit token every POST
 * carries (axios, the original client, sends X-XSRF-TOKEN on every same-origin call); a
 * Bearer-only caller carries no ambient credential and needs none.
 */
function requireXsrfOnGet(req: FastifyRequest): void {
  if (req.method !== 'GET') return; // POST: checked for every write by platform/cookies.ts
  const bearerOnly =
    !req.cookies[SESSION_COOKIE] && (req.headers.authorization?.startsWith('Bearer ') ?? false);
  if (bearerOnly) return;
  const sent = req.headers[XSRF_HEADER];
  const expected = req.cookies[XSRF_COOKIE];
  const same =
    typeof sent === 'string' &&
    !!expected &&
    sent.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
  if (!same) throw new AppError('forbidden', '请求已过期，请刷新页面后重试');
}

/** The prize draw's six calls (docs/api/draw-m3.md). */
export function drawRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/draw/simple', async (req) => ok(await simpleDraw(db, await optionalMember(req), ctx.now())));

  app.get('/api/draw', async (req) => {
    const { id } = parse(drawIdQuerySchema, req.query);
    return ok(await drawDetail(db, id, await optionalMember(req), ctx.now()));
  });

  app.get('/api/draw/new_record', async (req) => {
    const { id } = parse(drawIdQuerySchema, req.query);
    return ok(await recentWinners(db, id));
  });

  app.get('/api/draw/record', async (req) => {
    const memberId = await requireMember(req);
    return ok(await myDrawRecords(db, memberId, parse(drawRecordQuerySchema, req.query)));
  });

  app.get('/api/draw/ads', async () => ok(await drawAds(db, ctx.now())));

  const draw = async (req: FastifyRequest) => {
    const memberId = await requireMember(req);
    requireXsrfOnGet(req);
    const { id } = parse(drawIdParamSchema, req.params);
    const result = await drawOnce(db, id, memberId, ctx.now());
    return ok(result, result.message);
  };
  app.post('/api/draw/:id/activity', draw);
  app.get('/api/draw/:id/activity', draw);
}
