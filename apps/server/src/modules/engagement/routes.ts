import type { FastifyInstance } from 'fastify';
import {
  FAVORITE_MESSAGES,
  favoriteCheckQuerySchema,
  favoriteIdsSchema,
  favoriteListQuerySchema,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { requireMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { addFavorites, cancelFavorites, favoritedAmong, listFavorites } from './service.js';

/** Favourites (SPEC §7): members only; every call reads and writes the caller's own rows. */
export function engagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/favorite', async (req) => {
    const memberId = await requireMember(req);
    const q = parse(favoriteListQuerySchema, req.query);
    return ok(await listFavorites(db, memberId, q));
  });

  app.get('/api/favorite/check', async (req) => {
    const memberId = await requireMember(req);
    const { goods_ids } = parse(favoriteCheckQuerySchema, req.query);
    return ok({ goods_ids: await favoritedAmong(db, memberId, goods_ids) });
  });

  app.post('/api/favorite', async (req) => {
    const memberId = await requireMember(req);
    const { goods_ids } = parse(favoriteIdsSchema, req.body);
    await addFavorites(db, memberId, goods_ids, ctx.now());
    return ok({ goods_ids }, FAVORITE_MESSAGES.added);
  });

  app.post('/api/favorite/cancel', async (req) => {
    const memberId = await requireMember(req);
    const { goods_ids } = parse(favoriteIdsSchema, req.body);
    await cancelFavorites(db, memberId, goods_ids);
    return ok({ goods_ids }, FAVORITE_MESSAGES.cancelled);
  });
}
