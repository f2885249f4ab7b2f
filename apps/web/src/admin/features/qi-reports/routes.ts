import { adminPage, type AdminRoute } from '../../shared/route';

/** 质检报告: the warehouse's reports per goods and batch, after the lots and the ledger (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'qi-reports',
    title: '质检报告',
    access: 'goods.read',
    page: adminPage(() => import('./pages/QiReportsPage'), 'QiReportsPage'),
    menu: { group: 'stock', order: 3 },
  },
];
