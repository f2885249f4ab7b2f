import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  activityInfoQuerySchema,
  activityListQuerySchema,
  activityTapSchema,
  combinationListQuerySchema,
  focusDemoQuerySchema,
} from '@kc/domain';
import { optionalMember } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok, parse } from '../../platform/http.js';
import { LIMITS, enforce } from '../../platform/limits.js';
import { viewerOf, type Viewer } from '../catalog/view.js';
import { combinationList } from './combination-list.js';
import {
  activityInfo,
  activityList,
  activityPosters,
  everydayPrice,
  spike,
  templateBanners,
  type CouponCentre,
} from './pages.js';
import { recordTap } from './taps.js';

/**
 * The storefront's activity calls (docs/api/activity.md): the activity pages, the daily
 * specials, the home page's spike floor, the activity centre's posters, the template pages'
 * banners, the combinations of /zhzq and the tap counter. All public: goods and prices follow
 * the caller's audience. `couponCentre` is the promotion module's coupon centre (the app hands
 * it down), whose cards a template page offers.
 */
export function activityRoutes(app: FastifyInstance, ctx: AppContext, couponCentre: CouponCentre): void {
  const { db } = ctx.database;
  const viewer = async (req: FastifyRequest): Promise<Viewer> => viewerOf(db, await optionalMember(req));

  app.get('/api/activity/info', async (req) => {
    const q = parse(activityInfoQuerySchema, req.query);
    return ok(await activityInfo(db, q, await viewer(req), ctx.now(), couponCentre));
  });

  app.get('/api/activity/list', async (req) => {
    const q = parse(activityListQuerySchema, req.query);
    return ok(await activityList(db, q, ctx.now()));
  });

  app.get('/api/activity/everyday_price', async (req) =>
    ok(await everydayPrice(db, await viewer(req), ctx.now())),
  );

  app.post('/api/activity/tap', async (req) => {
    const { id } = parse(activityTapSchema, req.body);
    const memberId = await optionalMember(req);
    // Counted like page views: a script cannot inflate a report past the page-view limit.
    const who = memberId === null ? `ip:${req.ip}` : `member:${memberId}`;
    await enforce(ctx.limits, `tap:${who}`, LIMITS.track, '操作过于频繁，请稍后再试');
    return ok(await recordTap(db, id, ctx.now()));
  });

  app.get('/api/index/spike', async (req) => ok(await spike(db, await viewer(req), ctx.now())));

  app.get('/api/focus/postList', async () => ok(await activityPosters(db, ctx.now())));

  app.get('/api/focus/demo', async (req) => {
    const { url } = parse(focusDemoQuerySchema, req.query);
    return ok(await templateBanners(db, url, ctx.now()));
  });

  app.get('/api/combination/list', async (req) => {
    const q = parse(combinationListQuerySchema, req.query);
    return ok(await combinationList(db, q, await viewer(req), ctx.now()));
  });
}
