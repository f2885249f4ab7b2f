import { seedQiReports } from './qi-reports.js';
import { remindExpiringLicences } from '../modules/account/licence-reminders.js';
import { remindExpiringCoupons } from '../modules/promotion/coupon-reminders.js';
import type { Log } from '../platform/log.js';
import { count } from 'drizzle-orm';
import type { Publisher } from '../platform/bus.js';
import type { AppContext } from '../platform/context.js';
import type { Db } from '../platform/db.js';
import { members } from '../modules/account/schema.js';
import { PROMOTIONS_CHANGED } from '../modules/activity/service.js';
import { CONTENT_CHANGED } from '../modules/content/service.js';
import { seedAccounts, seedKxReleases } from './accounts.js';
import { seedContent } from './content.js';
import { seedHelpArticles } from './help-articles.js';
import { seedCatalog } from './catalog.js';
import { seedActivities } from './activities.js';
import { seedWallet } from './wallet.js';
import { seedOrders } from './orders.js';
import { seedPointsMall } from './points-mall.js';
import { seedDraws } from './draws.js';
import { seedCoupons } from './coupons.js';
import { seedService } from './service.js';
import { seedChat } from './chat.js';

export { DEMO_LOGINS, DEMO_PAY_PASSWORD } from './accounts.js';

export interface SeedOptions {
  /** How many goods to create (default 2,400; the benchmark catalogue uses 200,000). */
  goods?: number;
}

/** Seeds the whole demo through the services. Deterministic: the same data every time. */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<void> {
  await seedAccounts(db);
  await seedContent(db);
  await seedHelpArticles(db);
  await seedCatalog(db, { goods: opts.goods ?? 2400 });
  await seedKxReleases(db);
  // After the catalogue: the demo's 95折 coupon is scoped to the 西药 category tree.
  await seedWallet(db, new Date());
  await seedDraws(db, new Date());
  await seedCoupons(db, new Date());
  // After the coupons: the coupon-claim page (/activity_lq) offers the published ones.
  await seedActivities(db);
  // Last: the demo's order history buys from the catalogue with the wallet's balance.
  await seedOrders(db, new Date());
  await seedPointsMall(db, new Date());
  // Variety requests (one sourced, linked to a listed goods; one open), feedback with a reply.
  await seedService(db, new Date());
  // A chat with the 客服: answered questions and one the console has not read yet.
  await seedChat(db, new Date());
  // Inspection reports for the batches the demo bought and the best sellers' batches.
  await seedQiReports(db, new Date());
  // The reminders a running server sends every hour: coupons and licences about to expire.
  await remindExpiringCoupons(db, new Date());
  await remindExpiringLicences(db, new Date());
}

/**
 * The seed writes without a bus (it fills a database before anyone reads it); afterwards it
 * tells every instance's caches at once, for a server that was already serving.
 */
export function announceSeeded(events: Publisher): void {
  events.publish(CONTENT_CHANGED);
  events.publish(PROMOTIONS_CHANGED);
}

/** Seeds on first start only (no members yet). Returns true when it seeded. */
export async function seedIfEmpty(ctx: AppContext, log: Log): Promise<boolean> {
  // Under the start-up lock: of several instances started together on an empty PostgreSQL
  // database, one seeds and the others then find the data there.
  return ctx.database.startupLock(async () => {
    const [row] = await ctx.database.db.select({ n: count() }).from(members);
    if ((row?.n ?? 0) > 0) return false;
    log.info({}, 'empty database: seeding demo data');
    const started = Date.now();
    await seedDemo(ctx.database.db);
    announceSeeded(ctx.bus);
    log.info({ ms: Date.now() - started }, 'demo data seeded');
    return true;
  });
}
