import { adminPage, type AdminRoute } from '../../shared/route';

/** 电子发票: 财务's queue of orders' e-invoices, beside the orders and refunds (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'invoices',
    title: '电子发票',
    access: 'invoice.read',
    page: adminPage(() => import('./pages/InvoicesPage'), 'InvoicesPage'),
    menu: { group: 'orders', order: 3 },
  },
];
