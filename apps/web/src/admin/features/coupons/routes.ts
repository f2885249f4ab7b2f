import { adminPage, type AdminRoute } from '../../shared/route';

/** 优惠券 and its 使用情况 (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'coupons',
    title: '优惠券',
    access: 'marketing.read',
    page: adminPage(() => import('./pages/CouponsPage'), 'CouponsPage'),
    menu: { group: 'marketing', order: 10 },
  },
  {
    path: 'coupons/:id/usage',
    title: '使用情况',
    access: 'marketing.read',
    page: adminPage(() => import('./pages/CouponUsagePage'), 'CouponUsagePage'),
    parent: 'coupons',
  },
];
