import { asc } from 'drizzle-orm';
import { couponCreateSchema } from '@kc/domain';
import type { Db } from '../platform/db.js';
import { brands } from '../modules/catalog/schema.js';
import { createCouponFromInput } from '../modules/promotion/coupon-admin.js';

const DAY = 86_400_000;

/** A China wall-clock string `days` from `now` (what an operator types). */
const at = (now: Date, days: number) =>
  new Date(now.getTime() + days * DAY + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The coupon centre's demo (领券中心 /lqzx): published coupons of each kind to claim, one for
 * a brand and one valid 30 days from the claim, none yet claimed by demo. Created through the
 * operator's service from the operator's input (after the catalogue: one is brand-scoped).
 */
export async function seedCoupons(db: Db, now: Date): Promise<void> {
  const [brand] = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .orderBy(asc(brands.sort))
    .limit(1);
  const inputs: Record<string, unknown>[] = [
    {
      name: '新客满200减20',
      kind: 'manjian',
      threshold: '200.00',
      amount: '20.00',
      total: 500,
      description: '全场通用，每人限领1张',
    },
    {
      name: '满1000减120',
      kind: 'manjian',
      threshold: '1000.00',
      amount: '120.00',
      total: 200,
      claim_ends_at: at(now, 20),
    },
    { name: '满500享95折', kind: 'discount', threshold: '500.00', rate: 950, total: 300 },
    {
      name: '10元现金券',
      kind: 'cash',
      threshold: '0',
      amount: '10.00',
      total: 1000,
      per_member: 2,
      description: '无门槛，每人限领2张',
    },
    ...(brand
      ? [
          {
            name: `${brand.name}品牌满300减30`,
            kind: 'manjian',
            threshold: '300.00',
            amount: '30.00',
            scope: 'brand',
            scope_ids: [brand.id],
            total: 100,
            description: `仅限${brand.name}品牌商品使用`,
          },
        ]
      : []),
    {
      name: '领取后30天有效 满300减25',
      kind: 'manjian',
      threshold: '300.00',
      amount: '25.00',
      valid_from: '',
      valid_to: '',
      valid_days: 30,
      total: 50,
      description: '领取后30天内有效',
    },
  ];
  for (const raw of inputs) {
    const input = couponCreateSchema.parse({
      valid_from: at(now, -1),
      valid_to: at(now, 60),
      published: true,
      ...raw,
    });
    await createCouponFromInput(db, input, null, now);
  }
}
