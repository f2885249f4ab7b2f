import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db.js';
import { members } from '../modules/account/schema.js';
import { categories } from '../modules/catalog/schema.js';
import { createCouponTemplate, grantCoupon, type NewCouponTemplate } from '../modules/promotion/service.js';
import { changePoints, recharge } from '../modules/wallet/service.js';

const DAY = 86_400_000;

/**
 * The demo member's wallet and coupons, through the services: a 20,000.00 yuan top-up and
 * 满500减30, 满1000减80, 95折 on the 西药 category tree (when the catalogue is seeded), a
 * 20.00 yuan cash voucher without threshold and an expired 满200减20 (so the pages show how
 * expiry looks). Dates are relative to `now`, so the same data every run.
 */
export async function seedWallet(db: Db, now: Date): Promise<void> {
  const [demo] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'demo'));
  if (!demo) return;
  await recharge(db, demo.id, 2_000_000, '线下充值（演示）', now);
  // A points history that explains the points: earned on receipt, spent, reversed, expired.
  const points: [number, string, number][] = [
    [860, '订单KC20260101001完成', 30],
    [420, '订单KC20260105007完成', 25],
    [-300, '积分商城兑换 医用口罩(50只)', 20],
    [-40, '退货扣回积分 TH20260105001', 15],
    [-100, '积分过期（2025年度）', 5],
  ];
  for (const [n, reason, daysAgo] of points)
    await db.transaction((tx) =>
      changePoints(tx, demo.id, n, reason, null, new Date(now.getTime() - daysAgo * DAY)),
    );

  const [xy] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.name, '西药'), isNull(categories.parentId)));
  const from = new Date(now.getTime() - DAY);
  const to = new Date(now.getTime() + 90 * DAY);
  const templates: NewCouponTemplate[] = [
    { name: '满500减30', kind: 'manjian', threshold: 50_000, amount: 3_000, validFrom: from, validTo: to },
    { name: '满1000减80', kind: 'manjian', threshold: 100_000, amount: 8_000, validFrom: from, validTo: to },
    ...(xy
      ? [
          {
            name: '西药95折券',
            kind: 'discount',
            rate: 950,
            scope: 'categories',
            scopeIds: [xy.id],
            validFrom: from,
            validTo: to,
          } satisfies NewCouponTemplate,
        ]
      : []),
    { name: '20元现金券', kind: 'cash', amount: 2_000, validFrom: from, validTo: to },
    {
      name: '满200减20（已过期）',
      kind: 'manjian',
      threshold: 20_000,
      amount: 2_000,
      validFrom: new Date(now.getTime() - 40 * DAY),
      validTo: new Date(now.getTime() - 10 * DAY),
    },
  ];
  for (const t of templates) await grantCoupon(db, demo.id, await createCouponTemplate(db, t), now);
}
