import type { FastifyInstance } from 'fastify';
import { CODES, unixSeconds, type CommonData } from '@kc/domain';
import type { AppContext } from '../platform/context.js';
import type { Queryable } from '../platform/db.js';
import { brandSummaries, categoryMenu, zoneCategories } from '../modules/catalog/service.js';
import { getSiteSettings, listHotSearches, navTree, onContentChanged } from '../modules/content/service.js';

/**
 * How long an assembled common-data reply is reused. The call runs on every page load, so
 * it is served from memory; writes through the content services drop the copy at once in
 * this process. Other instances (several servers on one PostgreSQL) do not hear about the
 * write and keep their copy until it expires: 5 s is the longest a shopper can see an old
 * nav or hot-search list, which is harmless for layout data and needs no cross-instance bus.
 */
export const COMMON_TTL_MS = 5_000;

/** Brands shown in the header's brand strip. */
const BRAND_LIMIT = 20;

/** Every part of the common data except the timestamp, which must be fresh on every reply. */
export async function assembleCommon(db: Queryable): Promise<Omit<CommonData, 'timestamp'>> {
  const [rnss, nav, site, category, category_yx, category_zy, category_qx, brand] = await Promise.all([
    listHotSearches(db),
    navTree(db),
    getSiteSettings(db),
    categoryMenu(db),
    zoneCategories(db, 'yx'),
    zoneCategories(db, 'zy'),
    zoneCategories(db, 'qx'),
    brandSummaries(db, BRAND_LIMIT),
  ]);
  return { rnss, nav, category, category_yx, category_zy, category_qx, brand, site };
}

/**
 * The reply pre-serialised around the timestamp: `head + seconds + tail` is the whole JSON
 * envelope, so a cached reply costs a string concatenation, not a JSON.stringify.
 */
interface Serialised {
  head: string;
  tail: string;
  expires: number;
}

function serialise(data: Omit<CommonData, 'timestamp'>, expires: number): Serialised {
  return {
    head: `{"code":${CODES.ok},"msg":"ok","data":{"timestamp":`,
    tail: `,${JSON.stringify(data).slice(1)}}`,
    expires,
  };
}

/**
 * The in-memory copy for one app. Concurrent misses share one rebuild; a write during a
 * rebuild bumps the generation so the (possibly older) result is not kept.
 */
export function commonCache(ctx: AppContext) {
  let current: Serialised | null = null;
  let building: Promise<Serialised> | null = null;
  let generation = 0;

  const rebuild = () => {
    const gen = generation;
    const p = assembleCommon(ctx.database.db)
      .then((data) => {
        const s = serialise(data, ctx.now().getTime() + COMMON_TTL_MS);
        if (gen === generation) current = s;
        return s;
      })
      .finally(() => {
        if (building === p) building = null;
      });
    building = p;
    return p;
  };

  return {
    async body(): Promise<string> {
      const now = ctx.now();
      const s = current && current.expires > now.getTime() ? current : await (building ?? rebuild());
      return s.head + unixSeconds(ctx.now()) + s.tail;
    },
    invalidate(): void {
      generation += 1;
      current = null;
      building = null;
    },
  };
}

/** `GET /api/common`: hot searches, nav, category menus, brands, site texts, server time. */
export function commonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cache = commonCache(ctx);
  const unsubscribe = onContentChanged(() => cache.invalidate());
  app.addHook('onClose', async () => unsubscribe());

  app.get('/api/common', async (_req, reply) => {
    reply.type('application/json; charset=utf-8');
    return cache.body();
  });
}
