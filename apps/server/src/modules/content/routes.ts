import type { FastifyInstance } from 'fastify';
import {
  articleCategoryQuerySchema,
  articleListQuerySchema,
  idParamsSchema,
  trackSchema,
  type AdPosition,
} from '@kc/domain';
import { optionalMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { input, ok } from '../../platform/http.js';
import { activeAds } from './ads.js';
import { articleDetail, helpCategories, listArticles } from './article-reads.js';
import { listSideLinks } from './layout.js';
import { recordPageView } from './track.js';

/** Ad calls of the layout: path → position. Only the top-right ad is a single object. */
const AD_LISTS: Record<string, AdPosition> = {
  '/api/focus': 'focus',
  '/api/focus/right': 'right',
  '/api/focus/common': 'common',
  '/api/focus/dbxfc': 'dbxfc',
  '/api/focus/login': 'login',
  // Zone banners (catalogue issue 3); /api/focus/ppzq and /api/focus/kxzq_ad live in the catalogue routes.
  '/api/focus/zyzq': 'zyzq',
  '/api/focus/kxzq': 'kxzq',
  '/api/focus/new_kxzq': 'new_kxzq',
  '/api/focus/yx': 'yx',
  '/api/focus/xrtj': 'xrtj',
};

export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/article/category', async (req) => {
    const { query } = input(req, { query: articleCategoryQuerySchema });
    return ok(await helpCategories(db, query.category_id, ctx.now()));
  });

  app.get('/api/article/list', async (req) => {
    const { query } = input(req, { query: articleListQuerySchema });
    return ok(await listArticles(db, query, ctx.now()));
  });

  app.get('/api/article/detail/:id', async (req) => {
    const { params } = input(req, { params: idParamsSchema });
    return ok(await articleDetail(db, params.id, ctx.now()));
  });

  app.get('/api/global/links', async () => ok(await listSideLinks(db)));

  for (const [path, position] of Object.entries(AD_LISTS)) {
    app.get(path, async () => ok(await activeAds(db, position, ctx.now())));
  }
  app.get('/api/focus/top', async () => {
    const [ad] = await activeAds(db, 'top', ctx.now(), 1);
    return ok(ad ?? null);
  });

  app.post('/api/track', async (req) => {
    const { body } = input(req, { body: trackSchema });
    const memberId = await optionalMember(req);
    const userAgent = String(req.headers['user-agent'] ?? '');
    await recordPageView(db, ctx.limits, body, { memberId, ip: req.ip, userAgent }, ctx.now());
    return ok(null);
  });
}
