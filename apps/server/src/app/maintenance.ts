import type { FastifyBaseLogger } from 'fastify';
import { remindExpiringLicences } from '../modules/account/licence-reminders.js';
import { purgeExpiredSessions } from '../modules/account/sessions.js';
import { remindExpiringCoupons } from '../modules/promotion/coupon-reminders.js';
import { sweepOrders } from '../flows/orders/sweep.js';
import type { AppContext } from '../platform/context.js';
import { sweepLimits } from '../platform/limits.js';

/** How often unpaid orders are checked for their 30-minute deadline. */
export const ORDER_SWEEP_MS = 30_000;

/** How often members are reminded of coupons and licences about to expire. */
export const REMINDER_MS = 3600_000;

/**
 * Periodic housekeeping, wired at the composition level: the jobs belong to a module and a
 * flow, which the platform may not import. The order sweep (unpaid orders past their deadline
 * are cancelled and their stock and coupons released; shipped orders past the receipt period
 * are completed) runs at start and every 30 s; expired sessions and the database's rate-limit
 * counters whose window has ended are purged every 10 minutes; members are told of coupons
 * expiring within 3 days and licences within 30 (once each) every hour, from a minute after start.
 * Every job reads its work from the database, so nothing is lost across restarts, and every
 * instance runs them: each claims its rows with `for update skip locked`, so instances pass
 * over the rows another holds instead of waiting, and no row is handled twice.
 */
export function startMaintenance(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const guard = (name: string, job: () => Promise<unknown>) => {
    let running = false;
    return async () => {
      if (running) return;
      running = true;
      try {
        const r = await job();
        if (r && typeof r === 'object' && Object.values(r).some((v) => typeof v === 'number' && v > 0))
          log.info({ job: name, ...r }, 'maintenance');
      } catch (err) {
        log.error({ err, job: name }, 'maintenance failed');
      } finally {
        running = false;
      }
    };
  };
  const sweep = guard('orders', () => sweepOrders(ctx.database.db, ctx.now()));
  const purge = guard('sessions', () => purgeExpiredSessions(ctx.database.db, ctx.now()));
  const purgeLimits = guard('limits', () => sweepLimits(ctx.database.db, ctx.now()));
  const remind = guard('reminders', async () => ({
    ...(await remindExpiringCoupons(ctx.database.db, ctx.now())),
    ...(await remindExpiringLicences(ctx.database.db, ctx.now())),
  }));
  void sweep();
  const first = setTimeout(() => void remind(), 60_000);
  first.unref();
  const timers = [
    setInterval(() => void remind(), REMINDER_MS),
    setInterval(() => void sweep(), ORDER_SWEEP_MS),
    setInterval(() => void purge(), 10 * 60_000),
    setInterval(() => void purgeLimits(), 10 * 60_000),
  ];
  for (const t of timers) t.unref();
  return () => {
    clearTimeout(first);
    timers.forEach((t) => clearInterval(t));
  };
}
