import { adminPage, type AdminRoute } from '../../shared/route';

/** This feature's back-office pages (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'members',
    title: '会员审核',
    access: 'member.read',
    page: adminPage(() => import('./pages/MembersPage'), 'MembersPage'),
    menu: { group: 'members', order: 1 },
  },
  {
    path: 'members/:id',
    title: '会员详情',
    access: 'member.read',
    page: adminPage(() => import('./pages/MemberDetailPage'), 'MemberDetailPage'),
    parent: 'members',
  },
  {
    path: 'licences',
    title: '证照效期',
    access: 'member.read',
    page: adminPage(() => import('./pages/LicencesPage'), 'LicencesPage'),
    menu: { group: 'members', order: 2 },
  },
];
