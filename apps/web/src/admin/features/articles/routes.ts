import { adminPage, type AdminRoute } from '../../shared/route';

/** 文章管理: help-centre articles and news (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'articles',
    title: '文章管理',
    access: 'content.read',
    page: adminPage(() => import('./pages/ArticlesPage'), 'ArticlesPage'),
    menu: { group: 'content', order: 10 },
  },
];
