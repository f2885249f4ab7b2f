import { adminPage, type AdminRoute } from '../../shared';

/** 工作台, 运营人员 and 操作日志 (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: '',
    title: '工作台',
    access: 'dashboard.read',
    page: adminPage(() => import('./pages/DashboardPage'), 'DashboardPage'),
    menu: { group: 'dashboard' },
  },
  {
    path: 'operators',
    title: '运营人员',
    access: 'operator.manage',
    page: adminPage(() => import('./pages/OperatorsPage'), 'OperatorsPage'),
    menu: { group: 'system', order: 10 },
  },
  {
    path: 'audit',
    title: '操作日志',
    access: 'audit.read',
    page: adminPage(() => import('./pages/AuditPage'), 'AuditPage'),
    menu: { group: 'system', order: 20 },
  },
];
