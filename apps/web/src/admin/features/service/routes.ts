import { adminPage, type AdminRoute } from '../../shared/route';

const pages = () => import('./pages');

/** 品种求购, 意见反馈 and 加盟申请: what members ask of the platform (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'buy_requests',
    title: '品种求购',
    access: 'engagement.read',
    page: adminPage(pages, 'BuyRequestsPage'),
    menu: { group: 'members', order: 50 },
  },
  {
    path: 'feedback',
    title: '意见反馈',
    access: 'engagement.read',
    page: adminPage(pages, 'FeedbackPage'),
    menu: { group: 'members', order: 51 },
  },
  {
    path: 'join_applications',
    title: '加盟申请',
    access: 'engagement.read',
    page: adminPage(pages, 'JoinApplicationsPage'),
    menu: { group: 'members', order: 52 },
  },
];
