import { adminPage, type AdminRoute } from '../../shared/route';

/** This feature's back-office pages (collected by admin/routes.tsx). */
export const routes: AdminRoute[] = [
  {
    path: 'wallet',
    title: '余额与积分',
    access: 'member.read',
    page: adminPage(() => import('./pages/WalletPage'), 'WalletPage'),
    menu: { group: 'members', order: 5 },
  },
];
