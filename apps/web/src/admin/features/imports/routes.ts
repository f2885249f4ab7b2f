import { adminPage, type AdminRoute } from '../../shared';

/** 导入导出: goods, lots and prices from spreadsheets, and the exports (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'imports',
    title: '导入导出',
    access: 'goods.import',
    page: adminPage(() => import('./pages/ImportsPage'), 'ImportsPage'),
    menu: { group: 'goods', order: 9 },
  },
];
