import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SUGGESTED_GOODS_LIMIT,
  goodsIdParamsSchema,
  goodsListQuerySchema,
  goodsSuggestQuerySchema,
  type SuggestedGoods,
} from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { optionalMember } from '../../platform/auth.js';
import { ok, parse } from '../../platform/http.js';
import { goodsDetail, listGoods } from '../../modules/catalog/read.js';
import { viewerOf, type Viewer } from '../../modules/catalog/view.js';
import { purchaseBlocks } from '../../modules/compliance/service.js';

/**
 * Browsing the catalogue as a buyer: the goods list (search included) and the goods detail,
 * priced for the viewer and filtered to what they may see (catalog), each goods telling a
 * member why it cannot be bought (compliance's purchase rules, two statements for a page).
 */
export function browseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const viewer = async (req: FastifyRequest, now: Date): Promise<Viewer> => {
    const memberId = await optionalMember(req);
    return {
      ...(await viewerOf(db, memberId)),
      buyBlocks: (ids) =>
        purchaseBlocks(
          db,
          memberId,
          ids.map((goodsId) => ({ goodsId })),
          now,
        ),
    };
  };

  app.get('/api/goods/list', async (req) => {
    const q = parse(goodsListQuerySchema, req.query);
    const now = ctx.now();
    return ok(await listGoods(db, q, await viewer(req, now), now));
  });

  // The search box's goods suggestions (issue 17 §2): the list's first goods for the keyword,
  // priced and explained for this viewer like the list (`GET /api/goods/search` stays words).
  app.get('/api/goods/suggest_goods', async (req) => {
    const { keywords, type } = parse(goodsSuggestQuerySchema, req.query);
    if (!keywords) return ok<SuggestedGoods>({ keywords: '', list: [], total: 0 });
    const now = ctx.now();
    const page = await listGoods(
      db,
      parse(goodsListQuerySchema, { keywords, type, page: 1, page_size: SUGGESTED_GOODS_LIMIT }),
      await viewer(req, now),
      now,
    );
    return ok<SuggestedGoods>({
      keywords,
      list: page.list,
      total: page.total,
      ...(page.total_capped ? { total_capped: page.total_capped } : {}),
    });
  });

  app.get('/api/goods/detail/:id', async (req) => {
    const { id } = parse(goodsIdParamsSchema, req.params);
    return ok(await goodsDetail(db, id, await viewer(req, ctx.now())));
  });
}
