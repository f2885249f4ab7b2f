import type { MemberCenterView } from '@kc/domain';
import type { Queryable } from '../../platform/db.js';
import { accountCenter } from '../../modules/account/profile.js';
import { orderCounts } from '../../modules/order/read.js';
import { usableCouponCount } from '../../modules/promotion/service.js';

/**
 * `GET /api/user/center`: the member centre summary (/user). The account's part (company,
 * staff, qualification warnings, contract), the usable coupons and the order counts of the
 * order centre's tabs are read side by side.
 */
export async function memberCenter(db: Queryable, memberId: number, now: Date): Promise<MemberCenterView> {
  const [a, couponCount, counts] = await Promise.all([
    accountCenter(db, memberId, now),
    usableCouponCount(db, memberId, now),
    orderCounts(db, memberId),
  ]);
  const { unpaid, undelivered, delivered, done, after_sale } = counts;
  return {
    company: a.company,
    company_type: a.company_type,
    username: a.username,
    rank: a.rank,
    points: a.points,
    balance: a.balance,
    coupon_count: couponCount,
    admin: a.admin,
    orders: { unpaid, undelivered, delivered, done, after_sale },
    qualification: a.qualification,
    contract_signed: a.contract_signed,
  };
}
