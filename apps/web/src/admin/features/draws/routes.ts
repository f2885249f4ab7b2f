import { adminPage, type AdminRoute } from '../../shared';

/** 抽奖活动: the draws, their prizes and winners (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'draws',
    title: '抽奖活动',
    access: 'marketing.read',
    page: adminPage(() => import('./pages/DrawsPage'), 'DrawsPage'),
    menu: { group: 'marketing', order: 30 },
  },
  {
    path: 'draws/:id',
    title: '抽奖详情',
    access: 'marketing.read',
    page: adminPage(() => import('./pages/DrawDetailPage'), 'DrawDetailPage'),
    parent: 'draws',
  },
];
