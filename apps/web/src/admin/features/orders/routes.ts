import { adminPage, type AdminRoute } from '../../shared/route';

/** This feature's back-office pages (collected by admin/routes.tsx): orders and after-sales. */
export const routes: AdminRoute[] = [
  {
    path: 'orders',
    title: '订单列表',
    access: 'order.read',
    page: adminPage(() => import('./pages/OrdersPage'), 'OrdersPage'),
    menu: { group: 'orders', order: 1 },
  },
  {
    path: 'orders/:id',
    title: '订单详情',
    access: 'order.read',
    page: adminPage(() => import('./pages/OrderDetailPage'), 'OrderDetailPage'),
    parent: 'orders',
  },
  {
    path: 'returns',
    title: '退货售后',
    access: 'order.read',
    page: adminPage(() => import('./pages/ReturnsPage'), 'ReturnsPage'),
    menu: { group: 'orders', order: 2 },
  },
];
