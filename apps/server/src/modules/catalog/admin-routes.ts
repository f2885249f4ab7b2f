import type { FastifyInstance } from 'fastify';
import { kxReleaseSchema } from '@kc/domain';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { addKxRelease } from './kx.js';

/**
 * The catalogue's back-office calls under `/api/admin`: the 控销 release rules (who may see
 * and buy a controlled-sale goods item).
 */
export function catalogAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.post('/kx_releases', { config: { access: 'goods.edit' } }, async (req) => {
    const b = parse(kxReleaseSchema, req.body);
    const id = await addKxRelease(db, { goodsId: b.goods_id, buyerGroup: b.buyer_group, region: b.region });
    return ok({ id }, '控销授权已添加');
  });
}
