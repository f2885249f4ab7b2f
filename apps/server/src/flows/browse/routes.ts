import type { FastifyInstance, FastifyRequest } from 'fastify';
import { goodsIdParamsSchema, goodsListQuerySchema } from '@kc/domain';
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

  app.get('/api/goods/detail/:id', async (req) => {
    const { id } = parse(goodsIdParamsSchema, req.params);
    return ok(await goodsDetail(db, id, await viewer(req, ctx.now())));
  });
}
