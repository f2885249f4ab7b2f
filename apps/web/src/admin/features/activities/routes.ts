import { adminPage, type AdminRoute } from '../../shared';

/** 活动管理 (every kind, the 94折 switch, the sales report) and 组合购 (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'activities',
    title: '活动管理',
    access: 'marketing.read',
    page: adminPage(() => import('./pages/ActivitiesPage'), 'ActivitiesPage'),
    menu: { group: 'marketing', order: 20 },
  },
  {
    path: 'activities/:id/report',
    title: '活动报表',
    access: 'marketing.read',
    page: adminPage(() => import('./pages/ActivityReportPage'), 'ActivityReportPage'),
    parent: 'activities',
  },
  {
    path: 'combinations',
    title: '组合购',
    access: 'marketing.read',
    page: adminPage(() => import('./pages/CombinationsPage'), 'CombinationsPage'),
    menu: { group: 'marketing', order: 25 },
  },
];
