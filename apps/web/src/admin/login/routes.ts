import { adminPage, type AdminRoute } from '../shared/route';

/** The shell's own signed-in pages (reached from the header, not the menu). */
export const routes: AdminRoute[] = [
  {
    path: 'password',
    title: '修改密码',
    access: 'any',
    page: adminPage(() => import('./PasswordPage'), 'PasswordPage'),
  },
];
