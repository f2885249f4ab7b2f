import { adminPage, type AdminRoute } from '../../shared/route';

/** This feature's back-office pages (collected by admin/routes.tsx): the points mall. */
export const routes: AdminRoute[] = [
  {
    path: 'points/goods',
    title: '积分礼品',
    access: 'marketing.read',
    page: adminPage(() => import('./pages/PointsGoodsPage'), 'PointsGoodsPage'),
    menu: { group: 'marketing', order: 40 },
  },
  {
    path: 'points/orders',
    title: '积分订单',
    access: 'order.read',
    page: adminPage(() => import('./pages/PointsOrdersPage'), 'PointsOrdersPage'),
    menu: { group: 'marketing', order: 41 },
  },
];
