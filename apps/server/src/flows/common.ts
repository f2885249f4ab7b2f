import type { FastifyInstance } from 'fastify';
import { CODES, unixSeconds, type CommonData } from '@kc/domain';
import type { AppContext } from '../platform/context.js';
import type { Queryable } from '../platform/db.js';
import { brandSummaries, categoryMenu, zoneCategories } from '../modules/catalog/service.js';
import { CONTENT_CHANGED, getSiteSettings, listHotSearches, navTree } from '../modules/content/service.js';

/**
 * How long an assembled common-data reply is reused. The call runs on every page load, so
 * it is served from memory; a content write published on the bus (`content.changed`) drops
 * the copy at once on every instance that hears it (all of them when the bus runs on Redis).
 * The TTL is the safety net for what the bus cannot carry: a write made behind the services'
 * back, or a message lost while Redis was unreachable, shows within 5 s.
 */
export const COMMON_TTL_MS = 5_000;

/** Brands shown in the header's brand strip. */
const BRAND_LIMIT = 20;

/** Every part of the common data except the timestamp, which must be fresh on every reply. */
export async function assembleCommon(
  db: Queryable,
): Promise<Omit<CommonData, 'timestamp' | 'dev_providers'>> {
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
  // In development the existing 开发环境 labels say enough; a production demo (DEV_PROVIDERS=on)
  // shows the banner.
  const devNotice = ctx.config.devProviders && ctx.config.env === 'production';

  const rebuild = () => {
    const gen = generation;
    const p = assembleCommon(ctx.database.db)
      .then((data) => {
        const s = serialise({ ...data, dev_providers: devNotice }, ctx.now().getTime() + COMMON_TTL_MS);
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
  const unsubscribe = ctx.bus.subscribe(CONTENT_CHANGED, () => cache.invalidate());
  app.addHook('onClose', async () => unsubscribe());

  app.get('/api/common', async (_req, reply) => {
    reply.type('application/json; charset=utf-8');
    return cache.body();
  });
}
