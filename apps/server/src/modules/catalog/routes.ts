import type { FastifyInstance } from 'fastify';
import {
  goodsFlQuerySchema,
  goodsSuggestQuerySchema,
  idParamsSchema,
  pageQuerySchema,
  wntjParamsSchema,
  zoneAdQuerySchema,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { optionalMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { activeAds } from '../content/service.js';
import { brandFocus, brandZone } from './brand-zone.js';
import { recommended } from './home.js';
import { categoryFacets, hotGoods, suggestions } from './suggest.js';
import { viewerOf } from './view.js';

/**
 * The catalogue's read calls. Prices depend on who asks, so every call resolves the audience.
 * The goods list and detail, which also tell a member why a goods cannot be bought, are the
 * browse flow's (flows/browse).
 */
export function catalogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const viewer = async (req: Parameters<typeof optionalMember>[0]) => viewerOf(db, await optionalMember(req));

  app.get('/api/goods/search', async (req) =>
    ok(await suggestions(db, parse(goodsSuggestQuerySchema, req.query), await viewer(req))),
  );
  app.get('/api/goods/fl', async (req) =>
    ok(await categoryFacets(db, parse(goodsFlQuerySchema, req.query), await viewer(req))),
  );
  app.get('/api/goods/hot', async (req) => ok(await hotGoods(db, await viewer(req), ctx.now())));

  app.get('/api/index_wntj/:page', async (req) => {
    const { page } = parse(wntjParamsSchema, req.params);
    const { page_size } = parse(pageQuerySchema.pick({ page_size: true }), req.query);
    return ok(await recommended(db, page, await viewer(req), page_size, ctx.now()));
  });

  // /api/index/spike and /api/activity/everyday_price are the activity module's (activity/routes.ts).

  // Brand zone and the controlled-sales banners a page asks for by id.
  app.get('/api/focus/ppzq', async () => ok(await brandZone(db, ctx.now())));
  app.get('/api/focus/brand/:id', async (req) => {
    const { id } = parse(idParamsSchema, req.params);
    return ok(await brandFocus(db, id, ctx.now()));
  });
  app.get('/api/focus/kxzq_ad', async (req) => {
    const { ids } = parse(zoneAdQuerySchema, req.query);
    return ok(await activeAds(db, 'kxzq_ad', ctx.now(), 20, ids));
  });
}
